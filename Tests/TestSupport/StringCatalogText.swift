/// A String Catalog (`.xcstrings`) as Xcode writes one: each key's translated value per locale. For the tests that
/// write an app's catalogs in a layout (a Swift package's beside the app's).
public func stringCatalogText(_ strings: [String: [String: String]], sourceLanguage: String = "en", extractionStates: [String: String] = [:]) -> String {
    let items = strings.keys.sorted().map { key -> String in
        let values = strings[key] ?? [:]
        let localizations = values.keys.sorted().map { locale in
            "\"\(locale)\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"\(values[locale] ?? "")\"}}"
        }.joined(separator: ", ")
        let state = extractionStates[key].map { "\"extractionState\": \"\($0)\", " } ?? ""
        return "\"\(key)\": {\(state)\"localizations\": {\(localizations)}}"
    }.joined(separator: ",\n")
    return "{\"sourceLanguage\": \"\(sourceLanguage)\", \"strings\": {\(items)}, \"version\": \"1.0\"}"
}
