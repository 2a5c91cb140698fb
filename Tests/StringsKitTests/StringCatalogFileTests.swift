import Core
import Foundation
import Testing
@testable import StringsKit

/// Issue 20, item 5 (in part): String Catalogs read and written in Xcode's own layout, and XLIFF imported into them.
@Suite struct StringCatalogFileTests {
    /// Written the way Xcode writes a catalog: two-space indent, `" : "`, empty objects with a blank line, `/` unescaped,
    /// keys in Xcode's order (not JSONSerialization's), comments, extraction states, plural variations, substitutions.
    static let xcodeCatalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "" : {

        },
        "%lld files" : {
          "comment" : "Files in a folder",
          "localizations" : {
            "de" : {
              "variations" : {
                "plural" : {
                  "one" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld Datei"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld Dateien"
                    }
                  }
                }
              }
            },
            "en" : {
              "variations" : {
                "plural" : {
                  "one" : {
                    "stringUnit" : {
                      "state" : "new",
                      "value" : "%lld file"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "new",
                      "value" : "%lld files"
                    }
                  }
                }
              }
            }
          }
        },
        "Buy" : {
          "comment" : "Button: buy the item in the cart",
          "extractionState" : "manual",
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Kaufen"
              }
            }
          }
        },
        "Visit https://example.com/help \\"now\\"\\n" : {
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "needs_review",
                "value" : "Besuche https://example.com/help \\"jetzt\\"\\n"
              }
            }
          }
        },
        "app.internal.id" : {
          "shouldTranslate" : false
        },
        "Cart" : {
          "localizations" : {
            "zh-Hans" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "购物车"
              }
            }
          }
        }
      },
      "version" : "1.0"
    }
    """

    @Test(arguments: ["", "\n"])
    func formatLeavesAnXcodeCatalogByteIdentical(ending: String) throws {
        let folder = CatalogFolder()
        let path = folder.write("Shop.xcstrings", Self.xcodeCatalog + ending)
        let outcome = L10nCommands.formatCatalog(file: path)
        #expect(outcome.exitCode == 0 && outcome.standardOutput.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.xcodeCatalog + ending)
    }

    @Test func formatRewritesAnotherLayoutInXcodesKeepingTheOrder() throws {
        let folder = CatalogFolder()
        let path = folder.write("Shop.xcstrings", #"{"sourceLanguage":"en","strings":{"b":{"comment":"B\/b"},"a":{}},"version":"1.0"}"#)
        #expect(L10nCommands.formatCatalog(file: path).standardOutput == "formatted \(path)\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "b" : {
              "comment" : "B/b"
            },
            "a" : {

            }
          },
          "version" : "1.0"
        }
        """)
        let broken = folder.write("Broken.xcstrings", "{")
        #expect(L10nCommands.formatCatalog(file: broken).exitCode == 1)
    }

    static func project() -> CatalogFolder {
        let folder = CatalogFolder()
        folder.write("Shop.xcstrings", Self.xcodeCatalog)
        return folder
    }

    @Test func anUnchangedXLIFFRoundTripLeavesTheCatalogByteIdentical() throws {
        let folder = Self.project()
        let xliff = CatalogFolder()
        #expect(L10nCommands.exportXLIFF(paths: [folder.root], to: xliff.root).exitCode == 0)
        for locale in ["de", "zh-Hans"] {
            let outcome = L10nCommands.importXLIFF(file: xliff.path("\(locale).xliff"), into: folder.root)
            #expect(outcome.exitCode == 0 && outcome.standardOutput.isEmpty, "\(outcome)")
        }
        #expect(try String(contentsOfFile: folder.path("Shop.xcstrings"), encoding: .utf8) == Self.xcodeCatalog)
        #expect(!FileManager.default.fileExists(atPath: folder.path("de.lproj")), "nothing is written as .strings beside it")
    }

    @Test func importSetsTheValueAndStateOfWhatChangedAndKeepsTheRest() throws {
        let folder = Self.project()
        let xliff = CatalogFolder()
        #expect(L10nCommands.exportXLIFF(paths: [folder.root], to: xliff.root).exitCode == 0)
        let path = xliff.path("de.xliff")
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: ">Kaufen</target>", with: ">Jetzt kaufen</target>")
        text = text.replacingOccurrences(of: "<source>Cart</source>", with: "<source>Cart</source>\n        <target state=\"needs-review-translation\">Warenkorb</target>")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let outcome = L10nCommands.importXLIFF(file: path, into: folder.root)
        #expect(outcome.exitCode == 0, "\(outcome)")
        let expected = Self.xcodeCatalog
            .replacingOccurrences(of: "\"value\" : \"Kaufen\"", with: "\"value\" : \"Jetzt kaufen\"")
            .replacingOccurrences(of: """
                "Cart" : {
                  "localizations" : {
                    "zh-Hans" : {
            """, with: """
                "Cart" : {
                  "localizations" : {
                    "de" : {
                      "stringUnit" : {
                        "state" : "needs_review",
                        "value" : "Warenkorb"
                      }
                    },
                    "zh-Hans" : {
            """)
        #expect(try String(contentsOfFile: folder.path("Shop.xcstrings"), encoding: .utf8) == expected)
        let catalog = try Catalog.load(paths: [folder.root])
        #expect(catalog.entry(table: "Shop", locale: "de", key: "Buy")?.comment == "Button: buy the item in the cart")
        #expect(catalog.entry(table: "Shop", locale: "de", key: "Buy")?.extractionState == "manual")
    }
}
