import ReaderCLI

// The fast paths answer on the main thread, before the async runtime starts its threads.
ReaderCommand.answerAtOnce()
await ReaderCommand.runMain()
