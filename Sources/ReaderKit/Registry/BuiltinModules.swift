import HTML
import RFCIndex
import RFCText
import ReaderPluginAPI
import Tweets

/// The parser modules built into `reader`, in one list, as pandoc keeps its readers.
/// Adding a source: write `Plugins/<Name>/`, add it to `Package.swift`, and add it here.
public let builtinModules: [any ParserModule] = [
    RFCIndexModule(),
    RFCTextModule(),
    TweetsModule(),
    HTMLModule(),
]
