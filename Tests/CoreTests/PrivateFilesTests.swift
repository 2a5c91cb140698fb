import Core
import Foundation
import Testing

/// The one 0600 atomic writer (the share card, the store's key file).
@Suite struct PrivateFilesTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("private-\(UUID().uuidString)/inner", isDirectory: true)
        try PrivateFiles.makeFolder(folder)
        return folder
    }

    static func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber).map(\.intValue) ?? -1
    }

    @Test func aFileIsWritten0600InA0700FolderAndReplacedWhole() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        #expect(try Self.mode(folder.path) == 0o700)
        let file = folder.appendingPathComponent("card.svg")
        #expect(try PrivateFiles.write(Data("first".utf8), to: file))
        #expect(try PrivateFiles.write(Data("second".utf8), to: file))
        #expect(try Data(contentsOf: file) == Data("second".utf8))
        #expect(try Self.mode(file.path) == 0o600)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["card.svg"])
    }

    @Test func onlyIfAbsentKeepsTheFileAnotherWriterPutThereFirst() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let key = folder.appendingPathComponent("master.key")
        #expect(try PrivateFiles.write(Data([1, 2, 3]), to: key, onlyIfAbsent: true))
        #expect(try PrivateFiles.write(Data([9, 9, 9]), to: key, onlyIfAbsent: true) == false)
        #expect(try Data(contentsOf: key) == Data([1, 2, 3]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["master.key"])
    }

    @Test func aFolderThatIsASymlinkOrMissingParentsIsRefusedOrMadePrivate() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("private-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let link = root.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: FileManager.default.temporaryDirectory)
        #expect(throws: PrivateFiles.Failure.self) { try PrivateFiles.makeFolder(link) }
        let unwritable = root.appendingPathComponent("no-such-folder/file")
        #expect(throws: PrivateFiles.Failure.self) { try PrivateFiles.write(Data(), to: unwritable) }
    }
}
