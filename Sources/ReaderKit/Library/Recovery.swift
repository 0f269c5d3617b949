import ReaderPluginAPI
import ReaderStore

extension Reader {
    /// ``Store/recovery()``, with the command that fetches each document again.
    public func recovery() throws -> Store.Recovery {
        var recovery = try store.recovery()
        for index in recovery.unnamed.indices {
            guard let key = recovery.unnamed[index].key else { continue }
            recovery.unnamed[index].fetchCommand = (try? openRequest(key))?.fetchCommand
        }
        return recovery
    }
}
