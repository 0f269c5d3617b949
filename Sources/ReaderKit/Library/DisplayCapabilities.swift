import ReaderPluginAPI

extension Reader {
    /// Every registered module's ``Identifier``s, in registration order (built-in first): the
    /// label templates a page reads back in text (`RFC {number}` finds "RFC 2119"), with the key
    /// templates that name what they find and the request that fetches it. Read once by a
    /// long-running caller (`reader serve`): it may load the plugin path.
    public var identifierTemplates: [Identifier] {
        registry.registrations.flatMap(\.module.descriptor.identifiers)
    }
}
