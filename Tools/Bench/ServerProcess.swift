import Foundation
import Logging
import ReferenceServer

/// The reference backend in a process of its own (this executable, run with `--serve-reference`): a client measured
/// against it shares no threads with the server, as an app never does — and as curl, its peer, does not either.
final class ReferenceServerProcess {
    static let flag = "--serve-reference"
    let url: URL
    private let process: Process
    private let input: Pipe

    /// Starts it and waits for its base URL (its first line on stdout).
    init() throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = [Self.flag]
        let output = Pipe()
        input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            line.append(first)
        }
        guard let url = URL(string: String(decoding: line, as: UTF8.self)), url.port != nil else {
            process.terminate()
            throw BenchFailure("the reference server process did not start (it printed \(String(decoding: line, as: UTF8.self)))")
        }
        self.url = url
    }

    /// Ends it: closing its stdin is its signal to stop.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The child's side: serve on 127.0.0.1 (any port; development tokens accepted) until stdin closes.
    static func serve() async throws -> Never {
        var logger = Logger(label: "bench.ReferenceServer")
        logger.logLevel = .critical
        let server = ReferenceServer(configuration: ReferenceServerConfiguration(now: { Date() }, logger: logger, acceptsDevelopmentTokens: true))
        let url = try await server.start()
        FileHandle.standardOutput.write(Data("\(url.absoluteString)\n".utf8))
        _ = await Task.detached { FileHandle.standardInput.readDataToEndOfFile() }.value
        await server.stop()
        exit(0)
    }
}

