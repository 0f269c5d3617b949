// The façade's types that are declared in the layers below it (`ReaderError`, `CatalogEntry`,
// `Store.Listed`, `Remote`, `JSONRenderer`, …): a program using the engine, the CLI and the
// site import ReaderKit alone, and may not import a layer (the build checks the imports of
// every target against its dependencies). What a layer marks `package` stays the engine's.
@_exported import ReaderCatalog
@_exported import ReaderFetch
@_exported import ReaderRegistry
@_exported import ReaderRemote
@_exported import ReaderRendering
@_exported import ReaderStore
@_exported import ReaderSupport
