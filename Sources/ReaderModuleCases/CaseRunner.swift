import Foundation
import ReaderPluginAPI

extension ModuleCase {
    /// Runs the case against `module`; returns what did not hold, one line each (empty: passed).
    public func run(with module: any ParserModule) -> [String] {
        guard module.descriptor.name == self.module else {
            return ["the case is for module '\(self.module)', not '\(module.descriptor.name)'"]
        }
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: input))
        } catch {
            return ["cannot read the input \(input.path): \(error.localizedDescription)"]
        }
        var failures = recognitionFailures(module, bytes)
        let parsed = Result { try module.parse(parseInput(module, bytes)) }
        if let wanted = expect["error"] {
            switch parsed {
            case .success:
                failures.append("parsing succeeded; expected an error containing \(wanted.jsonText)")
            case .failure(let error):
                let message = "\(error)"
                if let snippet = wanted.stringValue, !message.contains(snippet) {
                    failures.append("the error is \"\(message)\"; expected it to contain \(wanted.jsonText)")
                }
            }
            return failures
        }
        switch parsed {
        case .failure(let error):
            failures.append("parsing failed: \(error)")
        case .success(let document):
            failures += documentFailures(DocumentView.json(document))
        }
        return failures
    }

    /// The input as the engine would give it: the request's facts, else the module's first
    /// request type and the input's file name as the key.
    func parseInput(_ module: any ParserModule, _ bytes: [UInt8]) -> ParseInput {
        ParseInput(
            bytes: bytes, requestType: request.type ?? module.descriptor.requestTypes.first ?? "",
            key: request.key ?? input.lastPathComponent, url: request.url, mediaType: request.mediaType,
            charset: request.charset)
    }

    private func recognitionFailures(_ module: any ParserModule, _ bytes: [UInt8]) -> [String] {
        guard let recognize else { return [] }
        let sample = Sample(
            prefix: bytes.prefix(Sample.prefixLength), fileName: recognize.fileName ?? input.lastPathComponent,
            mediaType: recognize.mediaType ?? request.mediaType)
        let score = module.recognize(sample)
        var failures: [String] = []
        if let least = recognize.atLeast, score < least { failures.append("recognize gave \(score); expected at least \(least)") }
        if let most = recognize.atMost, score > most { failures.append("recognize gave \(score); expected at most \(most)") }
        return failures
    }

    private func documentFailures(_ view: JSONValue) -> [String] {
        var failures: [String] = []
        let known: Set<String> = ["values", "counts", "contains", "excludes", "startsWith", "endsWith"]
        for key in expect.keys.sorted() where !known.contains(key) {
            failures.append("unknown expectation \"\(key)\" (known: \(known.sorted().joined(separator: ", ")))")
        }
        for (path, wanted) in (expect["values"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            failures += check(path, view) { found in
                found == wanted ? nil : "\(path) is \(Self.show(found)); expected \(Self.show(wanted))"
            }
        }
        for (path, wanted) in (expect["counts"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            do {
                let count = try CasePath(path).count(in: view)
                if count != wanted.intValue {
                    failures.append("\(path) counts \(count.map(String.init) ?? "nothing"); expected \(wanted.jsonText)")
                }
            } catch {
                failures.append("\(error)")
            }
        }
        let text = view["text"]?.stringValue ?? ""
        for snippet in expect["contains"]?.arrayValue?.compactMap(\.stringValue) ?? [] where !text.contains(snippet) {
            failures.append("the text lacks \(Self.show(.string(snippet)))")
        }
        for snippet in expect["excludes"]?.arrayValue?.compactMap(\.stringValue) ?? [] where text.contains(snippet) {
            failures.append("the text has \(Self.show(.string(snippet))), which it must not")
        }
        for (path, prefix) in (expect["startsWith"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            failures += check(path, view) { found in
                guard let found = found.stringValue, let prefix = prefix.stringValue, found.hasPrefix(prefix) else {
                    return "\(path) does not start with \(Self.show(prefix)): it is \(Self.show(found))"
                }
                return nil
            }
        }
        for (path, suffix) in (expect["endsWith"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            failures += check(path, view) { found in
                guard let found = found.stringValue, let suffix = suffix.stringValue, found.hasSuffix(suffix) else {
                    return "\(path) does not end with \(Self.show(suffix)): it is \(Self.show(found))"
                }
                return nil
            }
        }
        return failures
    }

    private func check(_ path: String, _ view: JSONValue, _ compare: (JSONValue) -> String?) -> [String] {
        do {
            guard let found = try CasePath(path).value(in: view) else { return ["\(path) is not in the document"] }
            return compare(found).map { [$0] } ?? []
        } catch {
            return ["\(error)"]
        }
    }

    /// A value for a failure line: its JSON, cut short.
    static func show(_ value: JSONValue) -> String {
        let text = value.jsonText
        return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }
}
