/// One list that ends the text view: the documents this one has a relation of one kind to,
/// under the kind's words (`Cites`), each named by its label, with the words that open it and
/// its title when known. Made by the façade from the document's relations and the module's
/// identifiers (``RelationKind/listed``), so that the renderer knows no source.
public struct RelationList: Sendable, Equatable {
    /// The kind's ``RelationKind/label``.
    public var heading: String
    public var members: [Member]

    public struct Member: Sendable, Equatable {
        /// How lists name the target (`RFC 791`, `notes (feed)`, a URL).
        public var label: String
        /// The words after `reader open` that open it (`791`, `feed:notes`, its key).
        public var shorthand: String
        /// Its title, when the store or the index that describes the document knows it.
        public var title: String?

        public init(label: String, shorthand: String, title: String? = nil) {
            self.label = label
            self.shorthand = shorthand
            self.title = title
        }
    }

    public init(heading: String, members: [Member]) {
        self.heading = heading
        self.members = members
    }
}
