import ReaderCLI

await ReaderCommand.main()
