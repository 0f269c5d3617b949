import ReaderCLI

await ReaderCommand.runMain()
