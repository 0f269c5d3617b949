import Foundation
import ReaderPluginAPI

/// The JSON that crosses the module boundary (`reader_module.h`), written and read the same
/// way on both sides: by ``ModuleExport`` in a module library and by `reader` when it loads one.
public enum BoundaryJSON {
    public struct Malformed: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    // MARK: Documents and descriptors: their Codable form.

    public static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    public static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    // MARK: The facts of a parse input (its bytes travel apart).

    public static func inputFacts(_ input: ParseInput) -> String {
        JSONValue.object([
            "requestType": .string(input.requestType), "key": .string(input.key), "url": JSONValue(input.url),
            "mediaType": JSONValue(input.mediaType), "charset": JSONValue(input.charset),
        ]).jsonText
    }

    public static func input(bytes: [UInt8], facts text: String) throws -> ParseInput {
        guard let facts = JSONValue(jsonText: text), let requestType = facts["requestType"]?.stringValue,
            let key = facts["key"]?.stringValue
        else { throw Malformed("parse input facts are not {\"requestType\", \"key\", …}") }
        return ParseInput(
            bytes: bytes, requestType: requestType, key: key, url: facts["url"]?.stringValue,
            mediaType: facts["mediaType"]?.stringValue, charset: facts["charset"]?.stringValue)
    }

    // MARK: Settings, locations, arguments.

    public static func settings(_ settings: Settings) -> String {
        JSONValue.object(settings.values.mapValues { .string($0) }).jsonText
    }

    public static func settings(from text: String) throws -> Settings {
        guard let members = JSONValue(jsonText: text)?.objectValue else { throw Malformed("settings are not a JSON object") }
        return Settings(members.compactMapValues(\.stringValue))
    }

    public static func location(_ location: Location) -> String {
        var members: [String: JSONValue] = [
            "key": .string(location.key), "urls": JSONValue(location.urls),
            "headers": .object(location.headers.mapValues { .string($0) }),
            "secretHeaders": JSONValue(location.secretHeaders.sorted()), "isImmutable": .bool(location.isImmutable),
        ]
        if let unavailable = location.unavailable { members["unavailable"] = .string(unavailable) }
        if let resolution = location.resolution {
            var asked: [String: JSONValue] = [
                "url": .string(resolution.url), "member": .string(resolution.member), "argument": .string(resolution.argument),
            ]
            if let prefix = resolution.storedPrefix { asked["storedPrefix"] = .string(prefix) }
            members["resolution"] = .object(asked)
        }
        return JSONValue.object(members).jsonText
    }

    public static func location(from text: String) throws -> Location {
        guard let value = JSONValue(jsonText: text), let key = value["key"]?.stringValue,
            let urls = value["urls"]?.arrayValue?.compactMap(\.stringValue)
        else { throw Malformed("a location is not {\"key\", \"urls\", …}") }
        var immutable = false
        if case .bool(let flag)? = value["isImmutable"] { immutable = flag }
        var location = Location(
            key: key, urls: urls, headers: value["headers"]?.objectValue?.compactMapValues(\.stringValue) ?? [:],
            secretHeaders: Set(value["secretHeaders"]?.arrayValue?.compactMap(\.stringValue) ?? []),
            isImmutable: immutable)
        location.unavailable = value["unavailable"]?.stringValue
        if let asked = value["resolution"], let url = asked["url"]?.stringValue, let member = asked["member"]?.stringValue,
            let argument = asked["argument"]?.stringValue
        {
            location.resolution = Resolution(url: url, member: member, argument: argument, storedPrefix: asked["storedPrefix"]?.stringValue)
        }
        return location
    }

    public static func strings(_ values: [String]) -> String { JSONValue(values).jsonText }

    public static func strings(from text: String) throws -> [String] {
        guard let values = JSONValue(jsonText: text)?.arrayValue else { throw Malformed("not a JSON array of strings") }
        return values.compactMap(\.stringValue)
    }

    // MARK: Parse errors.

    public static func parseError(_ error: ParseError) -> String {
        JSONValue.object([
            "module": .string(error.module), "location": JSONValue(error.location), "reason": .string(error.reason),
        ]).jsonText
    }

    public static func parseError(from text: String) throws -> ParseError {
        guard let value = JSONValue(jsonText: text), let reason = value["reason"]?.stringValue else {
            throw Malformed("a parse error is not {\"module\", \"location\", \"reason\"}")
        }
        return ParseError(
            module: value["module"]?.stringValue ?? "", location: value["location"]?.stringValue, reason: reason)
    }
}
