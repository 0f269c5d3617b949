import Foundation
import ReaderPluginAPI

/// One test case of a parser module, read from a JSON file in the module's `Cases/` folder:
/// an input file, the request it is parsed for, and what the document must hold.
///
/// ```json
/// {"module": "feed", "description": "…", "input": "atom.xml",
///  "request": {"type": "feed", "key": "…", "url": "…", "mediaType": "…", "charset": "…"},
///  "recognize": {"fileName": "atom.xml", "atLeast": 90},
///  "expect": {"values": {"title": "…", "entries[0].date": "…"}, "counts": {"entries": 3},
///             "contains": ["…"], "excludes": ["…"], "startsWith": {"text": "…"}, "endsWith": {},
///             "error": "… (instead of the others: parsing must fail with this in its message)"}}
/// ```
///
/// `input` is relative to the case file. Paths are described in ``CasePath``.
public struct ModuleCase: Sendable, CustomStringConvertible {
    /// The case file.
    public var file: URL
    /// The name of the module it tests (`ModuleDescriptor.name`).
    public var module: String
    public var summary: String
    public var input: URL
    public var request: Request
    public var recognize: Recognize?
    public var expect: [String: JSONValue]

    public struct Request: Sendable {
        public var type: String?
        public var key: String?
        public var url: String?
        public var mediaType: String?
        public var charset: String?
    }

    public struct Recognize: Sendable {
        public var fileName: String?
        public var mediaType: String?
        public var atLeast: Int?
        public var atMost: Int?
    }

    public struct Malformed: Error, CustomStringConvertible {
        public var description: String
    }

    public var description: String { "\(module)/\(file.lastPathComponent)" }

    /// Reads the case in `file`.
    public init(contentsOf file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        guard let json = JSONValue(jsonText: text), json.objectValue != nil else {
            throw Malformed(description: "\(file.path): not a JSON object")
        }
        guard let module = json["module"]?.stringValue, let input = json["input"]?.stringValue else {
            throw Malformed(description: "\(file.path): a case needs \"module\" and \"input\"")
        }
        self.file = file
        self.module = module
        summary = json["description"]?.stringValue ?? ""
        self.input = URL(fileURLWithPath: input, relativeTo: file.deletingLastPathComponent()).standardizedFileURL
        let request = json["request"]
        self.request = Request(
            type: request?["type"]?.stringValue, key: request?["key"]?.stringValue, url: request?["url"]?.stringValue,
            mediaType: request?["mediaType"]?.stringValue, charset: request?["charset"]?.stringValue)
        recognize = json["recognize"].map { value in
            Recognize(
                fileName: value["fileName"]?.stringValue, mediaType: value["mediaType"]?.stringValue,
                atLeast: value["atLeast"]?.intValue, atMost: value["atMost"]?.intValue)
        }
        expect = json["expect"]?.objectValue ?? [:]
    }

    /// Every case (`*.json`) in `folder`, by file name.
    public static func all(in folder: URL) throws -> [ModuleCase] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        return try names.filter { $0.hasSuffix(".json") }.sorted().map {
            try ModuleCase(contentsOf: folder.appendingPathComponent($0))
        }
    }

    /// Every case of every module folder under `plugins` (`Plugins/*/Cases/*.json`).
    public static func all(inModuleFolders plugins: URL) throws -> [ModuleCase] {
        let modules = try FileManager.default.contentsOfDirectory(atPath: plugins.path).sorted()
        return try modules.flatMap { name -> [ModuleCase] in
            let cases = plugins.appendingPathComponent(name).appendingPathComponent("Cases")
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: cases.path, isDirectory: &isFolder), isFolder.boolValue else { return [] }
            return try all(in: cases)
        }
    }
}
