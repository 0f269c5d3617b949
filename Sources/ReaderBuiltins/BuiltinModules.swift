import Datatracker
import Drafts
import Errata
import Feeds
import HTML
import RFCIndex
import RFCIndexXML
import RFCText
import ReaderPluginAPI
import Tweets

/// The parser modules built into `reader`, in one list, as pandoc keeps its readers.
/// Adding a source: write `Plugins/<Name>/` (with `<Name>Module` in it), and add it here —
/// `Package.swift`, the fuzzer and the module case tests find the folder themselves.
public let builtinModules: [any ParserModule] = [
    RFCIndexModule(),
    RFCIndexXMLModule(),
    RFCTextModule(),
    DraftsModule(),
    DatatrackerModule(),
    ErrataModule(),
    TweetsModule(),
    HTMLModule(),
    FeedsModule(),
]
