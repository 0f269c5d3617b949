/// Tables of data, as opposed to tables used for layout (Readability's rules).
extension Cleaner {
    func insideDataTable(_ node: Int32) -> Bool {
        var current = dom[node].parent
        while current != -1 {
            if dom.tag(current) == .table, dataTables.contains(current) { return true }
            current = dom[current].parent
        }
        return false
    }

    /// Tables of data, as opposed to tables used for layout.
    mutating func markDataTables(_ article: Int32) {
        for table in elements(article, .table) where isDataTable(table) {
            dataTables.insert(table)
        }
    }

    func isDataTable(_ table: Int32) -> Bool {
        if dom.attribute(table, .role) == "presentation" { return false }
        if dom.attribute(table, .datatable) == "0" { return false }
        if dom.attribute(table, .summary) != nil { return true }
        if let caption = dom.elementChildren(table).first(where: { dom.tag($0) == .caption }),
            dom[caption].firstChild != -1
        {
            return true
        }
        if dom.count([.col, .colgroup, .tfoot, .thead, .th], in: table) > 0 { return true }
        if dom.count([.table], in: table) > 0 { return false }
        var rows = 0
        var columns = 0
        for row in dom.descendants(of: table, tags: [.tr]) {
            rows += max(1, Int(dom.attribute(row, .rowspan) ?? "") ?? 1)
            var width = 0
            for cell in dom.elementChildren(row) where dom.tag(cell) == .td || dom.tag(cell) == .th {
                width += max(1, Int(dom.attribute(cell, .colspan) ?? "") ?? 1)
            }
            columns = max(columns, width)
        }
        if rows == 1 || columns == 1 { return false }
        if rows >= 10 || columns > 4 { return true }
        return rows * columns > 10
    }
}
