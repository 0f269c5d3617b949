import ReaderJSON
import ReaderPluginAPI

/// The names of an entry whose title and authors are held in its fields text, handed to the
/// writer as the bytes they are written with there: no Strings made for 9,816 entries.
extension EntryNames {
    /// Calls `body` with the UTF-8 of the title as written in the fields, when it is held there
    /// and needs no decoding (nearly always): the writer writes it from there without making
    /// a String. False, without a call, when not.
    func withPlainTitle(in fields: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard case .inFields(let offset, _) = self else { return false }
        return Self.read(fields, at: offset) { reader in
            reader.isAtValue(of: "title") && reader.forEachPlainString(array: false, body)
        } ?? false
    }

    /// Calls `body` with the UTF-8 of each author, as ``withPlainTitle(in:_:)`` does. False
    /// when not all can be: `body` may have been called for the first ones then.
    func withPlainAuthors(in fields: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard case .inFields(_, let offset) = self else { return false }
        return Self.read(fields, at: offset) { reader in
            reader.isAtValue(of: "authors") && reader.forEachPlainString(array: true, body)
        } ?? false
    }
}
