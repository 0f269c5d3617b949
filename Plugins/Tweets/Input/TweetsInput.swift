import ReaderJSON
import ReaderPluginAPI

/// The JSON values of an input: one response, JSON Lines (one response per line), or an
/// archive file (`window.YTD.tweets.part0 = [ … ]`).
enum TweetsInput {
    struct Value {
        var json: JSON
        /// The 1-based line the value starts on.
        var line: Int
    }

    private static let archivePrefix = Array("window.".utf8)

    static func values(_ bytes: [UInt8]) throws -> [Value] {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        if bytes[start...].starts(with: archivePrefix) {
            guard let equals = bytes[start...].firstIndex(of: UInt8(ascii: "=")) else {
                throw ParseError(module: moduleName, location: "line 1", reason: "archive file without '=' after its window.YTD name")
            }
            start = equals + 1
        }
        let parsed: [(value: JSON, offset: Int)]
        do {
            parsed = try JSONValues.values(in: bytes, from: start)
        } catch {
            let (line, column) = position(of: error.offset, in: bytes)
            throw ParseError(module: moduleName, location: "line \(line)", reason: "invalid JSON: \(error.reason) (column \(column))")
        }
        guard !parsed.isEmpty else { throw ParseError(module: moduleName, reason: "the input is empty: no JSON found") }

        // Lines counted once, forward, as the values come in order.
        var values: [Value] = []
        var line = 1
        var counted = 0
        for (json, offset) in parsed {
            line += bytes[counted..<offset].lazy.filter { $0 == 0x0A }.count
            counted = offset
            values.append(Value(json: json, line: line))
        }
        return values
    }

    /// The 1-based line and column (in bytes) of `offset`.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let end = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, end - lineStart + 1)
    }
}
