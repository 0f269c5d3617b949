/// A line that only says when the page was published or updated ("Published November 20th,
/// 2019 - 07:50 GMT", "Updated 12:24 am EST, Wednesday, November 20, 2019"): the document
/// carries the date as metadata, and the line is not the article's text.
enum Dateline {
    /// Longer than this, a line says more than a date.
    static let maximumLength = 90

    /// Every word is a number, a month or weekday, a time-of-day word or a label, with at least
    /// one number and one month, weekday or clock time among them.
    static func matches(_ text: String) -> Bool {
        guard text.utf8.count <= maximumLength * 2 else { return false }
        var hasNumber = false
        var hasCalendarWord = false
        var word = ""
        var wordHasDigit = false
        var sawColonAfterDigit = false
        var previousWasDigit = false
        func finish() -> Bool {
            defer {
                word = ""
                wordHasDigit = false
            }
            guard !word.isEmpty else { return true }
            if wordHasDigit {
                hasNumber = true
                // 20th, 1st, 2nd, 3rd, 2019, 07
                return word.allSatisfy { $0.isNumber } || ordinalSuffixes.contains(String(word.drop { $0.isNumber }))
            }
            if months.contains(word) || weekdays.contains(word) {
                hasCalendarWord = true
                return true
            }
            return timeWords.contains(word) || labels.contains(word)
        }
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if character.isNumber { wordHasDigit = true }
                word.append(character)
                previousWasDigit = character.isNumber
                continue
            }
            if character == ":", previousWasDigit { sawColonAfterDigit = true }
            previousWasDigit = false
            guard finish() else { return false }
        }
        guard finish() else { return false }
        return hasNumber && (hasCalendarWord || sawColonAfterDigit)
    }

    /// January to December in the languages of the pages tested, with their usual short forms.
    static let months: Set<String> = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
        "januar", "februar", "märz", "mai", "juni", "juli", "oktober", "dezember",
        "janvier", "février", "mars", "avril", "juin", "juillet", "août", "septembre", "octobre", "novembre",
        "décembre", "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
        "octubre", "noviembre", "diciembre", "janeiro", "fevereiro", "março", "maio", "junho", "julho", "setembro",
        "outubro", "novembro", "dezembro", "gennaio", "febbraio", "aprile", "maggio", "giugno", "luglio",
        "settembre", "ottobre", "dicembre", "januari", "februari", "maret", "agustus", "desember",
    ]
    static let weekdays: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "tues", "wed",
        "thu", "thur", "thurs", "fri", "sat", "sun", "montag", "dienstag", "mittwoch", "donnerstag", "freitag",
        "samstag", "sonntag", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche", "lunes",
        "martes", "miércoles", "jueves", "viernes", "sábado", "domingo", "senin", "selasa", "rabu", "kamis",
        "jumat", "sabtu", "minggu",
    ]
    static let timeWords: Set<String> = [
        "am", "pm", "a", "p", "m", "gmt", "utc", "est", "edt", "cst", "cdt", "mst", "mdt", "pst", "pdt", "cet", "cest",
        "bst", "ist", "wib", "h", "uhr",
    ]
    /// What such a line says besides the date, in the same languages.
    static let labels: Set<String> = [
        "published", "updated", "posted", "first", "last", "modified", "date", "on", "at", "of", "the",
        "veröffentlicht", "aktualisiert", "am", "um", "publié", "le", "mis", "à", "jour", "publicado", "atualizado",
        "actualizado", "el", "em", "de", "pubblicato", "aggiornato", "il", "alle", "diterbitkan", "diperbarui",
        "pada", "dipublikasikan",
    ]
    static let ordinalSuffixes: Set<String> = ["st", "nd", "rd", "th", "er", "e", "º", "°"]
}
