import Core
public import LocalizationKit
import Foundation

/// How an app fills the placeholders of a table's values.
public enum PlaceholderStyle: String, Sendable, CaseIterable {
    /// `String(format:)` and every Apple API: `%@`, `%d`, `%1$@`…
    case printf
    /// The app's own `%0`, `%1`… that it replaces itself (`"%0 cores"`): not printf (`%0 c` would read a char).
    case percentIndex = "percent-index"
    /// The app's own `{0}`, `{1}`…, or a template's named ones, `{name}`.
    case braces
    /// Text shown as it is, never formatted: an Interface Builder table (`"A8P-vn-DEJ.title" = "Show at 75% and 100%";`
    /// sets a view's text), where `%` is a percent sign and `%%` would show as two.
    case noPlaceholders = "none"
}

/// What a project's catalogs say about their conventions, found per table without configuration (and overridden by
/// `l10n.json`): which tables take the key as the base text (genstrings style), and which fill placeholders of their
/// own rather than printf specifiers. `l10n lint` and `l10n usage` read the same answer.
public struct TableConventions: Sendable, Equatable {
    /// Tables whose keys are the base-language text (`NSLocalizedString("Cancel", comment: "")`): the base file holds
    /// only overrides, or nothing, and translations map the text. At run time base-language users see the key.
    public var keysAsText: Set<String> = []
    /// Tables whose values use the app's own placeholders, with their style (a table absent here is printf).
    public var placeholders: [String: PlaceholderStyle] = [:]
    /// Where an `InfoPlist` table's base text is a property list rather than a `.strings` file (`PropertyListTexts`),
    /// every text of it, by folder of `.lproj` folders (`Info.plist`, `Info-Remote.plist` beside them). An intent
    /// definition's texts are looked up only when a key would be reported extra (`PropertyListTexts.nearbyIntentTexts`).
    public var propertyListTexts: [String: Set<String>] = [:]
    /// A Settings bundle's table (`Settings.bundle/en.lproj/Root.strings`) and the texts its property list
    /// (`Settings.bundle/Root.plist`) shows, which are all the Settings app looks up: the template's other keys that
    /// Xcode leaves in the table ("Group", "Name", "none given") are shown nowhere, so no translation lacks them
    /// (mastodon-ios: 28 locales told they have no Root table, for four such keys).
    public var settingsTexts: [String: Set<String>] = [:]

    /// The base keys of Interface Builder tables whose object the table's storyboard or xib no longer has, by table:
    /// `ibtool` exported them before the object was deleted, and nothing shows them (xdripswift's `en.lproj/Main.strings`
    /// keeps four such, `"KQZ-1w-vlD.text" = "First View";`, which asked ten locales each for a translation).
    public var staleInterfaceKeys: [String: Set<String>] = [:]
    /// Tables of an NSPredicateEditor's formatting strings (`isPredicateEditorTable`), found once.
    public var predicateEditorTables: Set<String> = []
    /// Interface Builder tables whose only base is their storyboard or xib, completed from the texts `ibtool` wrote into
    /// the translations' comments (`completingInterfaceBases`): no key of theirs is reported extra.
    public var interfaceBases: Set<String> = []

    /// Whether a key of `table` is shown at all: not one of a Settings bundle's keys its property list does not use,
    /// nor the text of an object its storyboard no longer has.
    public func isShown(_ key: String, table: String) -> Bool {
        if settingsTexts.isEmpty && staleInterfaceKeys.isEmpty { return true }
        if let stale = staleInterfaceKeys[table], stale.contains(key) { return false }
        return settingsTexts[table]?.contains(key) ?? true
    }

    public init(keysAsText: Set<String> = [], placeholders: [String: PlaceholderStyle] = [:]) {
        self.keysAsText = keysAsText
        self.placeholders = placeholders
    }

    /// Whether `key`, in the `.lproj` file at `file` of `table`, is a text of the property list that is the table's
    /// real base: the Info.plist beside an `InfoPlist` table, or the intent definition named after it (in `Base.lproj`
    /// beside the `.lproj` folders, or in a target folder near them).
    ///
    /// An Interface Builder table's real base is its storyboard or xib: a key `<object ID>.<property>` whose object the
    /// storyboard has is one of its texts, whether or not the base language's `.strings` lists it (MonitorControl's
    /// `en.lproj/Main.strings` lacks 24 object IDs of `Base.lproj/Main.storyboard` that its translations have).
    ///
    /// The documents are looked for by the file's own table name: a table that shares its name with one in another
    /// bundle is known by a qualified name (`Learn/Main` beside `Loop/Main`), but its storyboard is still `Main.storyboard`.
    func isPropertyListText(_ key: String, file: String, table: String) -> Bool {
        guard let folder = PropertyListTexts.lprojParent(of: file) else { return false }
        if PropertyListTexts.isPropertyListTable(table), propertyListTexts[folder]?.contains(key) == true { return true }
        let documentName = Catalog.tableName(ofFile: file)
        if TableConventions.isInterfaceBuilderKey(key), let dot = key.firstIndex(of: "."),
           PropertyListTexts.interfaceObjectIDs(table: documentName, folder: folder).contains(String(key[..<dot])) {
            return true
        }
        let intentTexts = PropertyListTexts.nearbyIntentTexts(table: documentName, folder: folder)
        if intentTexts.contains(key) { return true }
        // Xcode's key for a prompt about one value of an enum parameter is `<prompt ID>-<value ID>` (ownCloud's
        // `"2etfeF-8CnkN3" = "Just to confirm, you wanted ‘Name’?"`): a text of the definition when both IDs are.
        guard !intentTexts.isEmpty, let dash = key.firstIndex(of: "-") else { return false }
        return intentTexts.contains(String(key[..<dash])) && intentTexts.contains(String(key[key.index(after: dash)...]))
    }

    public func placeholderStyle(of table: String) -> PlaceholderStyle { placeholders[table] ?? .printf }

    /// An `NSPredicateEditor`'s formatting strings (vienna-rss's `Predicates`, named by a xib's
    /// `formattingStringsFilename`): most keys hold `%[…]@` choices (`"%[Title]@ %[is,is not]@ %@"`), translated as
    /// `"%1$[Titel]@ %2$[ist,ist nicht]@ %3$@"`. The editor fills them itself; read as printf, each was an error.
    public static func isPredicateEditorTable(_ table: String, in catalog: Catalog) -> Bool {
        let keys = catalog.tables.values.first { $0.name == table && !$0.keys.isEmpty }?.keys ?? []
        // Bytes, and an answer as soon as there is one: a 20,000-key table of identifiers is turned away after half of
        // them, each a scan of its bytes (`String.contains` cost the lint pair 5 ms here).
        var with = 0, without = 0
        for var key in keys {
            let found = key.withUTF8 { bytes in bytes.indices.dropLast().contains { bytes[$0] == 0x25 && bytes[$0 + 1] == 0x5B } }
            if found { with += 1 } else { without += 1 }
            if with * 2 > keys.count { return true }
            if without * 2 >= keys.count { return false }
        }
        return false
    }

    /// The keys of `table`'s base `.strings` that are texts of Interface Builder objects (`<object ID>.<property>`) its
    /// storyboard or xib beside them does not have; nil when there are none, or no such document to tell by.
    static func staleInterfaceKeys(of table: String, tableBase: String, in catalog: Catalog) -> Set<String>? {
        guard let baseTable = catalog.table(table, locale: tableBase), let file = baseTable.files.first(where: { $0.hasSuffix(".strings") }),
              let first = baseTable.keys.first, isInterfaceBuilderKey(first), let folder = PropertyListTexts.lprojParent(of: file),
              isInterfaceBuilderTable(table, in: catalog) else { return nil }
        let ids = PropertyListTexts.interfaceObjectIDs(table: Catalog.tableName(ofFile: file), folder: folder)
        guard !ids.isEmpty else { return nil }
        let stale = baseTable.keys.filter { key in
            guard isInterfaceBuilderKey(key), let dot = key.firstIndex(of: ".") else { return false }
            return !ids.contains(String(key[..<dot]))
        }
        return stale.isEmpty ? nil : Set(stale)
    }

    /// Reads the conventions from the catalog; `configuration` wins where it declares a table's.
    public static func detect(in catalog: Catalog, base: String, tableBases: [String: String],
                              configuration: LintConfiguration) -> TableConventions {
        var conventions = TableConventions()
        var looked = Set<String>()
        for table in catalog.tableNames where PropertyListTexts.isPropertyListTable(table) {
            for locale in catalog.locales {
                for file in catalog.table(table, locale: locale)?.files ?? [] {
                    guard let folder = PropertyListTexts.lprojParent(of: file) else { continue }
                    if looked.insert(folder).inserted {
                        conventions.propertyListTexts[folder] = PropertyListTexts.near(folder)
                    }
                }
            }
        }
        for table in catalog.tableNames {
            let tableBase = tableBases[table] ?? base
            if let stale = staleInterfaceKeys(of: table, tableBase: tableBase, in: catalog) { conventions.staleInterfaceKeys[table] = stale }
            let predicates = isPredicateEditorTable(table, in: catalog)
            if predicates { conventions.predicateEditorTables.insert(table) }
            if let file = catalog.table(table, locale: tableBase)?.files.first, file.contains(".bundle/"),
               let bundle = PropertyListTexts.lprojParent(of: file), bundle.hasSuffix(".bundle"),
               let texts = PropertyListTexts.texts(of: bundle + "/" + Catalog.tableName(ofFile: file) + ".plist") {
                conventions.settingsTexts[table] = texts
            }
            if let declared = configuration.declaredKeysAsText(table: table) {
                if declared { conventions.keysAsText.insert(table) }
            } else if isKeyAsText(table, in: catalog, tableBase: tableBase, base: base, isPredicateEditor: predicates) {
                conventions.keysAsText.insert(table)
            }
            if let declared = configuration.declaredPlaceholderStyle(table: table) {
                if declared != .printf { conventions.placeholders[table] = declared }
            } else if isInterfaceBuilderTable(table, in: catalog) || predicates {
                conventions.placeholders[table] = .noPlaceholders
            } else {
                let id = Catalog.TableID(table: table, locale: tableBase)
                if !conventions.keysAsText.contains(table), let ordered = catalog.orderedEntries[id],
                   ordered.count == catalog.tables[id]?.keys.count, ordered.contains(where: { $0.value.text != nil }) {
                    // The base's texts read where the loader listed them, in parallel parts for a large table.
                    let style = OwnPlaceholders.style(count: ordered.count) { ordered[$0].value.text }
                    if let style { conventions.placeholders[table] = style }
                    continue
                }
                var texts: [String] = []
                if let entries = catalog.table(table, locale: tableBase)?.entries {
                    // Each value read in place: copying whole entries out of the dictionary costs more than the scan.
                    texts.reserveCapacity(entries.count)
                    var index = entries.values.startIndex
                    while index != entries.values.endIndex {
                        if case .text(let text) = entries.values[index].value { texts.append(text) }
                        entries.values.formIndex(after: &index)
                    }
                }
                if conventions.keysAsText.contains(table) || texts.isEmpty {
                    texts += Self.translatedKeys(table, in: catalog, tableBase: tableBase, base: base)
                }
                if let style = OwnPlaceholders.style(of: texts) { conventions.placeholders[table] = style }
            }
        }
        return conventions
    }

    /// Keys of the table in the translations (not `Base`, `qqq` or the base locale).
    static func translatedKeys(_ table: String, in catalog: Catalog, tableBase: String, base: String) -> [String] {
        var keys = Set<String>()
        for locale in catalog.locales where locale != tableBase && locale != base && !Linter.isSpecialFolder(locale) {
            keys.formUnion(catalog.table(table, locale: locale)?.keys ?? [])
        }
        return keys.sorted()
    }

    /// Most keys the translations have are absent from the base, and most of those read as text ("Cancel",
    /// "Delete %@?"), not as identifiers (`settings.title`, `cancel_button`): the genstrings convention, where the
    /// base `.strings` holds only overrides. Stale translations of an identifier-keyed table stay `extra-key`.
    /// Most translations must hold such keys: one or two locales' leftovers (OpenEmu's zh-Hans and ar InfoPlist, 28
    /// old type names beside the 6 keys of the 13 other locales; Vienna's Spanish and French predicate keys that only
    /// their grammar needs) are those locales' extra keys, not a table whose keys are its text (364 and 63 false
    /// `missing-key` in the 12 other locales). An `InfoPlist` table's keys are Info.plist keys, and an
    /// NSPredicateEditor's are its row templates': never the text.
    static func isKeyAsText(_ table: String, in catalog: Catalog, tableBase: String, base: String, isPredicateEditor: Bool? = nil) -> Bool {
        // (The predicate editor's scan of the keys last, where `detect` has not made it: most tables are answered before it.)
        Catalog.fileTableName(table) != "InfoPlist" && translationsHoldText(table, in: catalog, tableBase: tableBase, base: base)
            && !(isPredicateEditor ?? isPredicateEditorTable(table, in: catalog))
    }

    static func translationsHoldText(_ table: String, in catalog: Catalog, tableBase: String, base: String) -> Bool {
        // Looked up in the base table's own dictionary, and the translations' shared keys only counted when the
        // absent ones could be a majority: an identifier-keyed table (nearly every key in the base) costs one lookup
        // per translated key, with no set of every key and no sort.
        let baseTable = catalog.table(table, locale: tableBase)
        let baseEntries = baseTable?.entries ?? [:]
        let baseKeys = baseTable?.keys ?? []
        // A translation that lists the base's keys in the base's order is compared position by position (no hashing).
        func inBase(_ keys: [String], _ index: Int) -> Bool {
            (index < baseKeys.count && baseKeys[index] == keys[index]) || baseEntries.index(forKey: keys[index]) != nil
        }
        var translations: [[String]] = []
        for locale in catalog.locales where locale != tableBase && locale != base && !Linter.isSpecialFolder(locale) {
            guard let keys = catalog.table(table, locale: locale)?.keys else { continue }
            translations.append(keys)
        }
        var absent = Set<String>()
        var notInBase = 0
        var unread = translations.reduce(0) { $0 + $1.count }
        var holding = 0
        for keys in translations {
            var inBaseHere = 0
            let before = notInBase
            for index in keys.indices {
                unread -= 1
                if inBase(keys, index) {
                    inBaseHere += 1
                    // `shared` below holds at least this translation's keys in the base (a table's keys are distinct),
                    // and `absent` at most the keys read outside it and those unread: once these cannot outnumber
                    // those, the answer is no (an identifier-keyed table is told after half its first translation).
                    if inBaseHere >= notInBase + unread { return false }
                } else {
                    absent.insert(keys[index])
                    notInBase += 1
                }
            }
            if notInBase > before { holding += 1 }
        }
        guard absent.count >= 3, holding * 2 >= translations.count else { return false }
        var shared = Set<String>()
        for keys in translations {
            for index in keys.indices where inBase(keys, index) { shared.insert(keys[index]) }
        }
        // `translated` is every key of the translations: the absent ones and the shared ones.
        guard absent.count > shared.count else { return false }
        let textLike = absent.count(where: looksLikeText)
        if textLike * 10 >= absent.count * 6 { return true }
        // Units and symbols read as neither text nor identifiers (Loop's widget: "g", "dB", "mg/dL", "%1$@" beside
        // "Active Carbs" and "%1$@ U", one base key of 13; 269 `extra-key` findings said to remove keys its code reads).
        // Text is then told by the identifiers it outnumbers: a third of the absent keys at least, and more than twice
        // the keys shaped like code names (`cancel_button`, `settings.title`, `kButtonTitle`).
        let identifierLike = absent.count(where: looksLikeIdentifier)
        return textLike >= 3 && textLike * 3 >= absent.count && identifierLike * 2 < textLike
    }

    /// A key shaped like a name in code: `_` or `.` between letters or digits (`cancel_button`, `settings.title`,
    /// `QUANTITY_VALUE_AND_UNIT`), or camel case (`kButtonTitle`, `settingsTitle`: a small letter first, a capital after
    /// a small letter, letters and digits only, five or more). Never a key with a space.
    public static func looksLikeIdentifier(_ key: String) -> Bool {
        var word = Substring(key)
        while let last = word.last, word.count > 1, ".…!?:".contains(last) { word.removeLast() }
        let scalars = Array(word.unicodeScalars)
        guard !scalars.isEmpty, scalars.allSatisfy({ $0.isASCII && !$0.properties.isWhitespace }) else { return false }
        func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) }
        for index in scalars.indices.dropFirst().dropLast() where scalars[index] == "_" || scalars[index] == "." {
            if isAlphanumeric(scalars[index - 1]) && isAlphanumeric(scalars[index + 1]) { return true }
        }
        guard scalars.count >= 5, scalars.allSatisfy(isAlphanumeric), ("a"..."z").contains(scalars[0]) else { return false }
        return scalars.indices.dropFirst().contains { ("A"..."Z").contains(scalars[$0]) && ("a"..."z").contains(scalars[$0 - 1]) }
    }

    /// Most of the table's keys, in any locale, are Interface Builder object IDs with a property (`A8P-vn-DEJ.title`,
    /// `AE4-BD-wZi.placeholderString`, and old xibs' numeric `123.title`): the table is what `ibtool` exported from a
    /// storyboard or xib, and each value becomes a view's text as it is.
    public static func isInterfaceBuilderTable(_ table: String, in catalog: Catalog) -> Bool {
        let tables = catalog.locales.compactMap { catalog.table(table, locale: $0) }
        // At most a quarter as many other keys as object IDs: one locale's other keys (distinct within a table) above
        // a quarter of every locale's object IDs together settles it without collecting the union of the keys.
        // Counted with an early answer: once one locale's other keys so far are above a quarter of every object ID
        // there could still be (those counted and every key not yet read), the table is not one; an app's own table
        // is told after a fifth of its keys instead of all of them in every locale.
        var objectIDs = 0
        var mostOthers = 0
        var unread = tables.reduce(0) { $0 + $1.keys.count }
        for table in tables {
            var ids = 0
            for (index, key) in table.keys.enumerated() {
                if isInterfaceBuilderKey(key) { ids += 1 }
                if index & 255 == 255, max(mostOthers, index + 1 - ids) * 4 > objectIDs + ids + (unread - index - 1) { return false }
            }
            unread -= table.keys.count
            objectIDs += ids
            mostOthers = max(mostOthers, table.keys.count - ids)
        }
        if mostOthers * 4 > objectIDs { return false }
        var keys = Set<String>()
        for table in tables { keys.formUnion(table.keys) }
        guard keys.count >= 1 else { return false }
        return keys.count(where: isInterfaceBuilderKey) * 10 >= keys.count * 8
    }

    /// `A8P-vn-DEJ.title`, `Ofk-Ld-r8O.headerCell.title`, `123.title`. Read as UTF-8 bytes: the object ID is ASCII
    /// letters and digits, so any other byte before the first `.` rules a key out.
    public static func isInterfaceBuilderKey(_ key: String) -> Bool {
        UTF8Bytes.with(key) { bytes in
            guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")), dot + 1 < bytes.count else { return false }
            let next = bytes[dot + 1]
            if next < 0x80 {
                guard isASCIILetter(next) else { return false }
            } else {
                // A letter outside ASCII after the dot (`123.título`): Unicode decides.
                guard let character = String(decoding: UnsafeBufferPointer(rebasing: bytes[(dot + 1)...]), as: UTF8.self).first,
                      character.isLetter else { return false }
            }
            let id = UnsafeBufferPointer(rebasing: bytes[..<dot])
            if (1...6).contains(id.count), id.allSatisfy(isASCIIDigit) { return true }
            // `A8P-vn-DEJ`: three, two and three letters or digits.
            guard id.count == 10, id[3] == UInt8(ascii: "-"), id[6] == UInt8(ascii: "-") else { return false }
            return id.indices.allSatisfy { $0 == 3 || $0 == 6 || isASCIILetter(id[$0]) || isASCIIDigit(id[$0]) }
        }
    }

    @inline(__always) private static func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    @inline(__always) private static func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    /// Text a person reads rather than an identifier: a space, a letter outside ASCII, or one capitalised word
    /// ("Cancel", "OK"); `settings.title`, `cancel_button`, `btnCancel`, `NSCameraUsageDescription` are identifiers.
    public static func looksLikeText(_ key: String) -> Bool {
        if key.contains(" ") {
            // codeapp's `showAlert(title: "source_control.confirm_delete_tag \(tag.name)")` looks up
            // "source_control.confirm_delete_tag %@": an identifier with an interpolation's specifier, never text.
            let words = key.split(separator: " ")
            let plain = words.filter { !$0.hasPrefix("%") }
            return !(plain.count == 1 && words.count > 1 && looksLikeIdentifier(String(plain[0])))
        }
        if key.unicodeScalars.contains(where: { $0.value > 0x7F && $0.properties.isAlphabetic }) { return true }
        // "Updating...", "Done!", "Name:": the sentence's own punctuation says nothing about the word.
        var word = Substring(key)
        while let last = word.last, word.count > 1, ".…!?:".contains(last) { word.removeLast() }
        // "(Default)", "[Beta]", "“Untitled”": a word in brackets or quotes is the word (MacDown's "(Default)", in 16
        // translations, was left out of its text-keyed base).
        while let first = word.first, let last = word.last, word.count > 2, "([{\"“‘«".contains(first), ")]}\"”’»".contains(last) {
            word = word.dropFirst().dropLast()
        }
        if word.contains("_") || word.contains(".") { return false }
        // "32X", "3DS", "SG-1000", "CPU": a product code or acronym, shown as it is.
        if word.unicodeScalars.contains(where: { $0.properties.isAlphabetic }),
           !word.unicodeScalars.contains(where: { CharacterSet.lowercaseLetters.contains($0) }) { return true }
        // "Cancel", "Settings…", "Invited/Joined": capitalised words without inner capitals, `_` or `.` between parts.
        let parts = word.split(omittingEmptySubsequences: false) { "/-&+".contains($0) }
        return parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first) else { return false }
            let upper = part.unicodeScalars.dropFirst().count { CharacterSet.uppercaseLetters.contains($0) }
            return upper == 0 || upper == part.unicodeScalars.count - 1
        }
    }

    /// The catalog with each key-as-text table's base completed: every key a translation has and the base lacks is
    /// added to the base with the key as its text, where the first translation that has it defines it (so a finding
    /// about it points at a real line).
    /// An Interface Builder table with no base `.strings`, whose base is its storyboard or xib alone (MacDown's
    /// `Base.lproj/MainMenu.xib` beside `de.lproj/MainMenu.strings` and a dozen more): no locale was ever told it lacks a
    /// text, and the summary left the table out (about 500 untranslated texts in MacDown's partly translated locales).
    /// `ibtool` writes each text into the translation's comment (`/* Class = "NSMenuItem"; title = "Open…"; ObjectID =
    /// "72"; */` above `"72.title" = "Ouvrir…";`), so the base is completed with every key a translation has whose object
    /// the document still has, with that text, placed at the document: a locale that lacks one is told (`missing-key`)
    /// and counted. A key whose object the document no longer has, whose comment gives no text, or whose comments give
    /// different texts in different locales (one locale's file exported before the text changed) is left out, and no key
    /// of such a table is reported extra. Without the document (beside the translations, or a folder up), the table is
    /// left as it was. Only the linter's view of the catalog: no file is written, and `--fix` reads the catalog as loaded.
    public mutating func completingInterfaceBases(of catalog: Catalog, base: String, tableBases: [String: String]) -> Catalog {
        var completed = catalog
        for table in catalog.tableNames {
            let tableBase = tableBases[table] ?? base
            guard catalog.table(table, locale: tableBase) == nil, !keysAsText.contains(table),
                  Self.isInterfaceBuilderTable(table, in: catalog) else { continue }
            let translations = catalog.locales.filter { $0 != tableBase && !Linter.isSpecialFolder($0) }.compactMap { catalog.table(table, locale: $0) }
            guard let file = translations.compactMap(\.files.first).min(), let folder = PropertyListTexts.lprojParent(of: file) else { continue }
            let name = Catalog.fileTableName(table)
            let ids = PropertyListTexts.interfaceObjectIDs(table: name, folder: folder)
            let documents = PropertyListTexts.interfaceDocuments(table: name, folder: folder)
            guard !ids.isEmpty, let document = documents.first(where: { $0.contains("/Base.lproj/") }) ?? documents.first else { continue }
            // The keys in the order the translations list them, each with its text (nil once two comments disagree).
            var order: [String] = []
            var texts: [String: (text: String?, comment: String)] = [:]
            for translation in translations {
                for key in translation.keys {
                    guard let comment = translation.entries[key]?.comment, ids.contains(String(key.prefix { $0 != "." })),
                          let text = Catalog.interfaceBuilderText(key: key, comment: comment) else { continue }
                    if let known = texts[key] {
                        if known.text != text { texts[key]?.text = nil }
                    } else {
                        order.append(key)
                        texts[key] = (text, comment)
                    }
                }
            }
            let location = CatalogLocation(file: document.hasPrefix("./") ? String(document.dropFirst(2)) : document, position: nil)
            for key in order {
                guard let known = texts[key], let text = known.text else { continue }
                completed.insert(CatalogEntry(key: key, value: .text(text), comment: known.comment, location: location), table: table, locale: tableBase)
            }
            interfaceBases.insert(table)
        }
        return completed
    }

    public func completingBases(of catalog: Catalog, base: String, tableBases: [String: String]) -> Catalog {
        guard !keysAsText.isEmpty else { return catalog }
        var completed = catalog
        for table in keysAsText.sorted() {
            let tableBase = tableBases[table] ?? base
            let baseTable = catalog.table(table, locale: tableBase)
            for locale in catalog.locales where locale != tableBase && locale != base && !Linter.isSpecialFolder(locale) {
                guard let translation = catalog.table(table, locale: locale) else { continue }
                for key in translation.keys where baseTable?.entries[key] == nil && completed.table(table, locale: tableBase)?.entries[key] == nil {
                    // An identifier among text keys (damus's "private_zap_description") is no text of its own: its base
                    // text is elsewhere, most often the call's default value (`value:`), so it is no base here.
                    guard let entry = translation.entries[key], Self.looksLikeText(key) else { continue }
                    completed.insert(CatalogEntry(key: key, value: .text(key), comment: entry.comment, location: entry.location),
                                     table: table, locale: tableBase)
                }
            }
        }
        return completed
    }
}

/// The app's own placeholders (`%0`, `%1`, `{0}`): found in values, and compared between a translation and its base.
public enum OwnPlaceholders {
    /// `%` and digits followed by the end, a space or punctuation other than `$` and `.` (`"%0 cores"`, `"%1,"`,
    /// `"%0% to full charge"`): printf would read `%0 c` there, or nothing at all.
    public static func percentIndexTokens(in text: String) -> [String] { percentTokens(in: text, glued: false) }

    /// `%` and one or two digits wherever they stand (not `%%`, not printf's `%1$@`): once a table is known to fill
    /// its own, a placeholder glued to a word (`v%0עודכן`, `%1-ból`) is one too.
    static func gluedPercentIndexTokens(in text: String) -> [String] { percentTokens(in: text, glued: true) }

    private static func percentTokens(in text: String, glued: Bool) -> [String] {
        var tokens: [String] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else { index += 1; continue }
            if index + 1 < scalars.count, scalars[index + 1] == "%" { index += 2; continue }
            var end = index + 1
            while end < scalars.count, end - index <= 2, ("0"..."9").contains(scalars[end]) { end += 1 }
            if end > index + 1 {
                let next = end < scalars.count ? scalars[end] : nil
                let ends = next.map { next in
                    if glued { return next != "$" && !("0"..."9").contains(next) }
                    return CharacterSet.whitespacesAndNewlines.contains(next)
                        || (CharacterSet.punctuationCharacters.union(.symbols).contains(next) && !["$", ".", "#", "+", "-", "'"].contains(next))
                } ?? true
                if ends { tokens.append(String(String.UnicodeScalarView(scalars[index..<end]))) }
            }
            index = end
        }
        return tokens
    }

    /// `{0}`, `{1}`…, and named ones, `{current_language}`.
    public static func braceTokens(in text: String) -> [String] {
        var tokens: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, digits.count <= 2, after.dropFirst(digits.count).first == "}" {
                tokens.append("{\(digits)}")
            } else if let first = after.first, first.isASCII, first.isLetter || first == "_" {
                // A name a template fills (mac-mouse-fix's Markdown catalogs: `{url_1}`, `{current_language}`, filled by a
                // Python script): ASCII letters, digits and `_`, up to 40.
                let name = after.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
                if name.count <= 40, after.dropFirst(name.count).first == "}" { tokens.append("{\(name)}") }
            }
            rest = after
        }
        return tokens
    }

    public static func tokens(in text: String, style: PlaceholderStyle) -> [String] {
        switch style {
        case .printf, .noPlaceholders: []
        case .percentIndex: percentIndexTokens(in: text)
        case .braces: braceTokens(in: text)
        }
    }

    /// The style a table's base texts use, if they use their own: at least two such placeholders in the table, and
    /// more values with them than with printf specifiers.
    static func style(of texts: [String]) -> PlaceholderStyle? {
        style(count: texts.count) { texts[$0] }
    }

    /// The cores to split work for, read once: the CPUs online (`sysconf`, one small file). Foundation's
    /// `activeProcessorCount` also reads the cgroup limits, parsing their paths as URLs: 0.3–0.5 ms on the serial part
    /// of a 20,000-entry lint. Only a count of parts depends on it, so a CPU quota it does not see costs a few more parts.
    static let cores: Int = {
        let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return online > 0 ? online : max(1, ProcessInfo.processInfo.activeProcessorCount)
    }()

    /// What one part of a table's texts holds.
    private struct Tally: Sendable {
        var percentIndex = 0
        var braces = 0
        /// Texts with a `%` but no `%0`-style token: printf candidates, parsed only when the answer depends on them.
        var printfCandidates: [Int] = []
    }

    /// `style(of:)` for `count` texts that `text` gives by index (nil for a value that is not a text). A table of
    /// thousands is read in parts on every core: reading each entry's text is mostly waiting for memory.
    static func style(count: Int, text: @Sendable (Int) -> String?) -> PlaceholderStyle? {
        let parts = count >= 8_192 ? min(4, cores) : 1
        let size = (count + parts - 1) / max(parts, 1)
        let tallies = Locked([Tally](repeating: Tally(), count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let tally = Self.tally(part * size..<min(count, (part + 1) * size), text: text)
            tallies.withLock { $0[part] = tally }
        }
        let all = tallies.withLock { $0 }
        let percentIndex = all.reduce(0) { $0 + $1.percentIndex }, braces = all.reduce(0) { $0 + $1.braces }
        // Fewer than two of either own style: printf, or text never formatted when its `%` signs are all literal.
        guard percentIndex >= 2 || braces >= 2 else {
            return literalPercentsOnly(all.lazy.flatMap(\.printfCandidates), text: text) ? .noPlaceholders : nil
        }
        let needed = max(percentIndex >= 2 ? percentIndex : 0, braces >= 2 ? braces : 0)
        var printf = 0
        for index in all.flatMap(\.printfCandidates) where !FormatSpecifier.parse(text(index) ?? "").isEmpty {
            printf += 1
            if printf >= needed { break }
        }
        if percentIndex >= 2, percentIndex > printf { return .percentIndex }
        if braces >= 2, braces > printf { return .braces }
        return nil
    }

    /// Whether the texts with a `%` use it only as a percent sign, bare: at least two a lone `%` that forms no
    /// specifier (`"%"`, `"% (exact)"`), none a specifier or an escaped `%%`. No one formats such a table (IINA reads its
    /// `KeyBinding` table whole, as a dictionary for a template): `%%` would show there as two signs, and reporting
    /// each `%` was 85 of IINA's 91 `invalid-format` warnings. One printf text or `%%` keeps the table printf, so a base
    /// text's lone `%` in a formatted table is still reported.
    static func literalPercentsOnly(_ candidates: some Sequence<Int>, text: (Int) -> String?) -> Bool {
        var literal = 0
        for index in candidates {
            guard let value = text(index) else { continue }
            // Every `%` a plain specifier or `%%` (a printf table's first text, most often): printf, with no full parse.
            if SpecifierScan.isPlain(value) { return false }
            let parsed = FormatSpecifier.parseReportingInvalid(value)
            if !parsed.specifiers.isEmpty || hasEscapedPercent(value) { return false }
            if !parsed.invalid.isEmpty { literal += 1 }
        }
        return literal >= 2
    }

    private static func hasEscapedPercent(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "%"), previous == byte { return true }
            previous = byte
        }
        return false
    }

    private static func tally(_ range: Range<Int>, text: (Int) -> String?) -> Tally {
        var tally = Tally()
        for index in range {
            guard let text = text(index) else { continue }
            // `%` to `%` and the first `{` with libc's vectorised search: every base text of the table passes here.
            let (percent, percentDigit, brace) = UTF8Bytes.with(text) { bytes -> (Bool, Bool, Bool) in
                guard let base = bytes.baseAddress else { return (false, false, false) }
                var percent = false, percentDigit = false
                var from = 0
                while from < bytes.count, let found = memchr(base + from, Int32(UInt8(ascii: "%")), bytes.count - from) {
                    let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    percent = true
                    if offset + 1 < bytes.count, bytes[offset + 1] >= 0x30, bytes[offset + 1] <= 0x39 {
                        percentDigit = true
                        break
                    }
                    from = offset + 1
                }
                let brace = memchr(base, Int32(UInt8(ascii: "{")), bytes.count) != nil
                return (percent, percentDigit, brace)
            }
            if percent {
                // Every `%0`-style token is a `%` right before a digit: without one, only printf can be there.
                if percentDigit, !percentIndexTokens(in: text).isEmpty {
                    tally.percentIndex += 1
                } else {
                    tally.printfCandidates.append(index)
                }
            }
            if brace, !braceTokens(in: text).isEmpty { tally.braces += 1 }
        }
        return tally
    }

    /// What a translation does wrong with its base's placeholders: one it drops (the value it stands for is never
    /// shown) or one the base does not have (the app leaves it as typed). Nil when both have the same set.
    public static func compare(_ text: String, base: String, style: PlaceholderStyle) -> String? {
        // Once a table is known to fill its own `%0`, any `%` and digits is one, also glued to a word (`v%0עודכן`, `%1-ból`).
        let mine = Set(style == .percentIndex ? gluedPercentIndexTokens(in: text) : tokens(in: text, style: style))
        let theirs = Set(style == .percentIndex ? gluedPercentIndexTokens(in: base) : tokens(in: base, style: style))
        guard mine != theirs else { return nil }
        let dropped = theirs.subtracting(mine).sorted()
        let added = mine.subtracting(theirs).sorted()
        var parts: [String] = []
        if !dropped.isEmpty { parts.append("drops \(dropped.joined(separator: ", ")), so the value it stands for is never shown") }
        if !added.isEmpty { parts.append("has \(added.joined(separator: ", ")), which the base does not fill, so it shows as typed") }
        return parts.joined(separator: "; and it ") + " (the table's own \(style.rawValue) placeholders)"
    }
}

/// The texts an `InfoPlist.strings` translates: its base is not a `.strings` file but the target's `Info.plist`, whose
/// top-level keys (`NSCameraUsageDescription`) and whose texts further in (a document type's `CFBundleTypeName`, a
/// shortcut item's title, both looked up by their text) are the keys translations use. UTM keeps `"" = "";` in
/// en.lproj/InfoPlist.strings and every usage description only in Info.plist; Mastodon's translations carry its
/// shortcut items' titles.
public enum PropertyListTexts {
    /// `InfoPlist`, and the tables Xcode names after other property lists (`Info-RemotePlist`, `Helper-InfoPlist`).
    public static func isPropertyListTable(_ table: String) -> Bool { table.hasSuffix("Plist") }

    /// The folder that holds the `.lproj` folder `file` is in; nil for a file not in one.
    public static func lprojParent(of file: String) -> String? {
        let lproj = folder(of: file)
        guard lproj.hasSuffix(".lproj") else { return nil }
        return folder(of: lproj)
    }

    /// The folder part of `path` ("" for a bare name): `PathText.parent`, since `NSString.deletingLastPathComponent`
    /// traps on "." in this Foundation.
    static func folder(of path: String) -> String { PathText.parent(of: path) }

    /// Every top-level key and every text of the `.plist` files in `folder` and the folder above it (an app keeps its
    /// Info.plist beside its `.lproj` folders or one level up); files over 2 MB, or that do not parse, are passed over.
    static func near(_ folder: String) -> Set<String> {
        var texts = Set<String>()
        // "" is the working folder; a relative path's folder above it is "..".
        let above = folder.isEmpty || folder == "." ? ".." : Self.folder(of: folder).isEmpty ? "." : Self.folder(of: folder)
        // Beside the folder and above it, and in its Base.lproj or en.lproj (OwnTracks keeps `Base.lproj/OwnTracks-Info.plist`,
        // whose document type names are keys of its translations' InfoPlist.strings).
        let here = folder.isEmpty ? "." : folder
        for directory in [here, above, here + "/Base.lproj", here + "/en.lproj"] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name.hasSuffix(".plist") {
                texts.formUnion(Self.texts(of: directory + "/" + name) ?? [])
            }
        }
        return texts
    }

    /// The texts of an intent definition named after `table`, whose IDs (`A1rwKl`) Xcode exports as the table's keys: in
    /// `Base.lproj` beside the `.lproj` folders (mastodon-ios's `Base.lproj/WidgetExtension.intentdefinition`, whose
    /// en copy lacks IDs its translations have), or in a target folder near them: ProtonVPN keeps `apps/ios/Siri Shortcut Handler/Intents.intentdefinition` for
    /// `apps/ios/ProtonVPN/Resources/<locale>.lproj/Intents.strings`, whose keys are its IDs (`JOCERT`). Looked for in
    /// the folders one and two levels above `folder` and in their subfolders (and their `Base.lproj`), once per table
    /// and folder, and only when a key would otherwise be reported extra.
    public static func nearbyIntentTexts(table: String, folder: String) -> Set<String> {
        let cacheKey = folder + "\u{0}" + table
        if let known = nearbyIntents.withLock({ $0[cacheKey] }) { return known }
        let name = table + ".intentdefinition"
        var texts = Set<String>()
        for ancestor in [(folder.isEmpty ? "." : folder) + "/..", (folder.isEmpty ? "." : folder) + "/../.."] {
            let children = (try? FileManager.default.contentsOfDirectory(atPath: ancestor)) ?? []
            for child in children where !Catalog.isSkippedInWalk(child) {
                let directory = ancestor + "/" + child
                for candidate in [directory + "/" + name, directory + "/Base.lproj/" + name] {
                    texts.formUnion(Self.texts(of: candidate) ?? [])
                }
            }
        }
        nearbyIntents.withLock { $0[cacheKey] = texts }
        return texts
    }

    private static let nearbyIntents = Locked<[String: Set<String>]>([:])

    /// The object IDs of the storyboard or xib named after `table` in one of the `.lproj` folders in `folder`
    /// (`Base.lproj/Main.storyboard`, or `en.lproj/Main.xib` in a project without Base internationalization): what
    /// `ibtool` exports as the keys of the table's `.strings`, `<object ID>.<property>`. Read once per table and folder,
    /// and only when a key would otherwise be reported extra; a file over 16 MB is passed over.
    static func interfaceObjectIDs(table: String, folder: String) -> Set<String> {
        let directory = folder.isEmpty ? "." : folder
        let cacheKey = directory + "\u{0}" + table
        if let known = interfaceIDs.withLock({ $0[cacheKey] }) { return known }
        var ids = Set<String>()
        for path in interfaceDocuments(table: table, folder: folder) {
            ids.formUnion(objectIDs(ofInterfaceFile: path))
        }
        interfaceIDs.withLock { $0[cacheKey] = ids }
        return ids
    }

    /// The documents named after `table` in the `.lproj` folders of `directory`, by folder and then in the order of
    /// `kinds` (file extensions): `Base.lproj/Main.storyboard`, `en.lproj/Main.xib`, `Base.lproj/Intents.intentdefinition`.
    /// What owns a table whose keys are object IDs; the linter reads their IDs, the usage scan only asks whether one exists.
    public static func localizedDocuments(named table: String, kinds: [String], in directory: String) -> [String] {
        let lprojs = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".lproj") }.sorted()
        return lprojs.flatMap { lproj in
            kinds.map { directory + "/" + lproj + "/" + table + "." + $0 }.filter { FileManager.default.fileExists(atPath: $0) }
        }
    }

    private static let interfaceIDs = Locked<[String: Set<String>]>([:])

    /// The storyboards and xibs named after `table` in the `.lproj` folders of `folder`, or else one folder up, as the
    /// usage check finds them (Monal's `localization/Base.lproj/Main.storyboard` for its
    /// `localization/external/<locale>.lproj/Main.strings`).
    static func interfaceDocuments(table: String, folder: String) -> [String] {
        let directory = folder.isEmpty ? "." : folder
        let documents = localizedDocuments(named: table, kinds: ["storyboard", "xib"], in: directory)
        return documents.isEmpty ? localizedDocuments(named: table, kinds: ["storyboard", "xib"], in: directory + "/..") : documents
    }

    /// Every value of an `id` attribute in an Interface Builder document (XML): `<button … id="3a3-In-jeQ">`.
    static func objectIDs(ofInterfaceFile path: String) -> Set<String> {
        let manager = FileManager.default
        guard let size = (try? manager.attributesOfItem(atPath: path))?[.size] as? Int, size <= 16 << 20,
              let data = manager.contents(atPath: path) else { return [] }
        var ids = Set<String>()
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            let count = bytes.count
            var index = 1
            // ` id="…"`: an attribute named exactly `id`, after whitespace (so not `customModuleID="…"` or `userLabel`).
            while index + 4 < count {
                if bytes[index] == UInt8(ascii: "i"), bytes[index + 1] == UInt8(ascii: "d"), bytes[index + 2] == UInt8(ascii: "="),
                   bytes[index + 3] == UInt8(ascii: "\""), [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(bytes[index - 1]) {
                    let start = index + 4
                    var end = start
                    while end < count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
                    if end < count, end > start { ids.insert(String(decoding: bytes[start..<end], as: UTF8.self)) }
                    index = end + 1
                } else {
                    index += 1
                }
            }
        }
        return ids
    }

    /// The top-level keys and every text of the property list at `path`; nil when it is missing, over 2 MB, or does
    /// not parse.
    static func texts(of path: String) -> Set<String>? {
        let manager = FileManager.default
        guard let size = (try? manager.attributesOfItem(atPath: path))?[.size] as? Int, size <= 2 << 20,
              let data = manager.contents(atPath: path),
              let root = try? PropertyListSerialization.propertyList(from: data, format: nil) else { return nil }
        var texts = Set<String>()
        if let dictionary = root as? [String: Any] { texts.formUnion(dictionary.keys) }
        collect(root, into: &texts)
        return texts
    }

    private static func collect(_ value: Any, into texts: inout Set<String>) {
        switch value {
        case let text as String: texts.insert(text)
        case let array as [Any]: for element in array { collect(element, into: &texts) }
        case let dictionary as [String: Any]: for element in dictionary.values { collect(element, into: &texts) }
        default: break
        }
    }
}
