/// Old pages separate paragraphs with `<br><br>` instead of `<p>`. As Readability does before
/// scoring, each text after a chain of two or more breaks becomes a paragraph of its own, so
/// that it scores as one.
extension DOM {
    mutating func paragraphsFromLineBreaks() {
        for br in lineBreaks where self[br].parent != -1 && isInside(br, root) {
            var next = nextNonBlank(self[br].next)
            var chain = false
            while next != -1, tag(next) == .br {
                chain = true
                let after = self[next].next
                detach(next)
                next = nextNonBlank(after)
            }
            guard chain else { continue }
            let paragraph = makeElement(.p)
            replace(br, with: paragraph)
            next = self[paragraph].next
            while next != -1 {
                if tag(next) == .br {
                    let following = nextNonBlank(self[next].next)
                    if following != -1, tag(following) == .br { break }
                }
                guard isPhrasingContent(next) else { break }
                let sibling = self[next].next
                append(next, to: paragraph)
                next = sibling
            }
            while self[paragraph].lastChild != -1, isWhitespace(self[paragraph].lastChild) {
                detach(self[paragraph].lastChild)
            }
            let parent = self[paragraph].parent
            if parent != -1, tag(parent) == .p { self[parent].tag = .div }
        }
    }

    /// `index` or the first sibling after it that is not blank text.
    private func nextNonBlank(_ index: Int32) -> Int32 {
        var current = index
        while current != -1, tag(current) == .text, self[current].blank { current = self[current].next }
        return current
    }
}
