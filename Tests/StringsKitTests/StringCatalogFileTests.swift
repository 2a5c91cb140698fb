import Core
import LocalizationKit
import Foundation
import Testing
@testable import StringsKit

/// Issue 20, item 5 (in part): String Catalogs read and written in Xcode's own layout, and XLIFF imported into them.
@Suite struct StringCatalogFileTests {
    /// Written the way Xcode writes a catalog: two-space indent, `" : "`, empty objects with a blank line, `/` unescaped,
    /// keys in Xcode's order (`XcodeKeyOrder`: `%`, then letters ignoring case), comments, extraction states, plural variations, substitutions.
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
        "app.internal.id" : {
          "shouldTranslate" : false
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
        "Cart" : {
          "localizations" : {
            "zh-Hans" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "购物车"
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

    @Test func formatRewritesAnotherLayoutInXcodesLayoutAndOrder() throws {
        let folder = CatalogFolder()
        let path = folder.write("Shop.xcstrings", #"{"version":"1.0","strings":{"b":{"comment":"B\/b"},"a":{},"A":{"localizations":{"zh-Hans":{"stringUnit":{"value":"甲","state":"translated"}},"de":{"stringUnit":{"state":"translated","value":"A"}}}}},"sourceLanguage":"en"}"#)
        #expect(L10nCommands.formatCatalog(file: path).standardOutput == "formatted \(path)\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "a" : {

            },
            "A" : {
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "A"
                  }
                },
                "zh-Hans" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "甲"
                  }
                }
              }
            },
            "b" : {
              "comment" : "B/b"
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

    /// Consecutive keys (in file order) of IceCubesApp's Localizable.xcstrings, which Xcode wrote: spaces and punctuation
    /// before letters, `•` too (a code-point order would put it after `z`), letters without regard to case.
    static let xcodeWrittenOrder = [
        "", "  ⸱  ", "#%@", "%@", "%@ add-tag-groups.edit.title.field.warning.already-exists", "%@ was posted on Mastodon",
        "%@© 2024 Thomas Ricouard", "%lld. ", "• [EmojiText]", "accessibility.app-account.selector.accounts",
        "accessibility.tabs.timeline.unread-posts.label-%lld", "Account", "account.action.add-remove-list",
        "add-tag-groups.edit.title.field.warning.no-symbol-selected", "Adds @ and # keys directly on the keyboard",
        "alert.error", "ALT text for the image", "API Versions", "app-account.button.add", "AppAccount",
    ]

    @Test func xcodeKeyOrderIsTheOrderXcodeWrites() {
        #expect(Self.xcodeWrittenOrder.reversed().sorted(by: XcodeKeyOrder.precedes) == Self.xcodeWrittenOrder)
        #expect(["item10", "item2", "Item1"].sorted(by: XcodeKeyOrder.precedes) == ["Item1", "item2", "item10"])
        #expect(["zh-Hant", "en-GB", "zh-Hans", "en", "de"].sorted(by: XcodeKeyOrder.precedes) == ["de", "en", "en-GB", "zh-Hans", "zh-Hant"])
    }

    @Test func importAddsANewKeyWhereXcodesOrderPutsIt() throws {
        let folder = Self.project()
        let xliff = CatalogFolder()
        #expect(L10nCommands.exportXLIFF(paths: [folder.root], to: xliff.root).exitCode == 0)
        let path = xliff.path("de.xliff")
        let unit = """
              <trans-unit id="Checkout" xml:space="preserve">
                <source>Checkout</source>
                <target state="translated">Zur Kasse</target>
              </trans-unit>
            </body>
        """
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "    </body>", with: unit)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        #expect(L10nCommands.importXLIFF(file: path, into: folder.root).exitCode == 0)
        let expected = Self.xcodeCatalog.replacingOccurrences(of: """
                "Visit https
            """, with: """
                "Checkout" : {
                  "localizations" : {
                    "de" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Zur Kasse"
                      }
                    }
                  }
                },
                "Visit https
            """)
        #expect(try String(contentsOfFile: folder.path("Shop.xcstrings"), encoding: .utf8) == expected)
    }
}
