// The parser and catalogs live in CatalogParser, which the accessors generator uses without ICU; everything that
// imports LocalizationKit keeps seeing them here.
@_exported import CatalogParser
