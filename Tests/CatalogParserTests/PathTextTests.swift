import CatalogParser
import Foundation
import Testing

struct PathTextTests {
    /// `NSString.deletingLastPathComponent` traps on a path of one character here (`l10n lint X/Localizable.xcstrings`
    /// died with an illegal instruction); `PathText.parent` gives what it gives elsewhere.
    @Test(arguments: [
        ("a/b/c", "a/b"), ("a/b/", "a"), ("X", ""), ("X/", ""), (".", ""), ("..", ""), ("/X", "/"), ("/", "/"), ("", ""),
        ("X/Localizable.xcstrings", "X"), ("/tmp/a", "/tmp"), ("a//b", "a"),
    ])
    func theParentIsWhatFoundationGivesWithoutItsTrap(path: String, parent: String) {
        #expect(PathText.parent(of: path) == parent)
    }
}
