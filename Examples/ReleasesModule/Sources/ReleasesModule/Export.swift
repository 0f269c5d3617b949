import ReaderModuleExport

// What makes this library loadable by reader: the one C symbol reader looks for.
@_cdecl("reader_module_entry")
public func readerModuleEntry() -> UnsafeRawPointer { ModuleExport.table(for: ReleasesModule()) }
