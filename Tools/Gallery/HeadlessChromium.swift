public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`: commands on the
/// child's fd 3, answers and events on its fd 4, one JSON message each, ended by a NUL byte). One browser, one page:
/// open a file, evaluate a script, capture a region as PNG. Used from one thread; every read waits at most `timeout`.
public final class HeadlessChromium {
    /// Where Chromium is looked for: `$CHROMIUM`, then these names on PATH.
    public static let programNames = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
    public static let installHint = "install it with `apt-get install chromium` (scripts/install-system-packages does), or set CHROMIUM to its path"

    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let fileManager = FileManager.default
        if let explicit = environment["CHROMIUM"], !explicit.isEmpty {
            return fileManager.isExecutableFile(atPath: explicit) ? explicit : nil
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in programNames {
            for folder in folders where fileManager.isExecutableFile(atPath: "\(folder)/\(name)") { return "\(folder)/\(name)" }
        }
        return nil
    }

    private let pid: pid_t
    private let commands: Int32
    private let answers: Int32
    private let profile: String
    private let timeout: Duration
    private var buffer: [UInt8] = []
    private var nextID = 1
    private var session = ""
    private var pendingEvents: [[String: Any]] = []
    private var closed = false

    /// Starts Chromium with a throwaway profile and attaches to a new blank page `width` × `height` CSS pixels.
    public init(executable: String, width: Int, height: Int, timeout: Duration = .seconds(60)) throws(GalleryError) {
        self.timeout = timeout
        profile = (NSTemporaryDirectory() as NSString).appendingPathComponent("offlinekit-chromium-\(UUID().uuidString)")
        var toBrowser: [Int32] = [0, 0], fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else {
            throw .browser("cannot create pipes for Chromium: \(String(cString: strerror(errno)))")
        }
        // Only the dup2'ed copies (fd 3 and 4) reach the browser; these originals close at exec.
        for descriptor in toBrowser + fromBrowser { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let arguments = [executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", "--no-first-run",
                         "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars", "--mute-audio",
                         "--force-device-scale-factor=1", "--font-render-hinting=none", "--allow-file-access-from-files",
                         "--user-data-dir=\(profile)", "about:blank"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var child: pid_t = 0
        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        let status = posix_spawn(&child, executable, &actions, nil, cArguments, environ)
        Glibc.close(toBrowser[0])
        Glibc.close(fromBrowser[1])
        guard status == 0 else {
            Glibc.close(toBrowser[1])
            Glibc.close(fromBrowser[0])
            throw .browser("cannot start \(executable): \(String(cString: strerror(status))); \(Self.installHint)")
        }
        pid = child
        commands = toBrowser[1]
        answers = fromBrowser[0]
        // A browser that dies must fail a write with EPIPE (reported), not kill this process.
        signal(SIGPIPE, SIG_IGN)
        do throws(GalleryError) {
            let target = try call("Target.createTarget", ["url": "about:blank"], inSession: false)
            guard let targetID = target["targetId"] as? String else { throw .browser("Chromium created no page") }
            let attached = try call("Target.attachToTarget", ["targetId": targetID, "flatten": true], inSession: false)
            session = attached["sessionId"] as? String ?? ""
            _ = try call("Page.enable")
            _ = try call("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Loads `url` and returns when its `load` event has fired (scripts run, fonts and layout settled).
    public func open(_ url: URL) throws(GalleryError) {
        pendingEvents.removeAll()
        _ = try call("Page.navigate", ["url": url.absoluteString])
        _ = try waitForEvent("Page.loadEventFired")
    }

    /// The JSON value of `expression` (which must produce a JSON string), decoded.
    public func evaluateJSON(_ expression: String) throws(GalleryError) -> Any {
        let result = try call("Runtime.evaluate", ["expression": "JSON.stringify(\(expression))", "returnByValue": true, "awaitPromise": true])
        if let exception = result["exceptionDetails"] as? [String: Any] {
            throw .browser("the page's script failed: \((exception["exception"] as? [String: Any])?["description"] ?? exception["text"] ?? "unknown error")")
        }
        guard let value = (result["result"] as? [String: Any])?["value"] as? String,
              let decoded = try? JSONSerialization.jsonObject(with: Data(value.utf8), options: [.fragmentsAllowed]) else {
            throw .browser("the page's script returned no JSON")
        }
        return decoded
    }

    /// A PNG of the page region at (x, y) in document coordinates, `width` × `height` CSS pixels, which must be in
    /// the viewport (scroll there first).
    public func screenshot(x: Double, y: Double, width: Double, height: Double) throws(GalleryError) -> Data {
        let clip: [String: Any] = ["x": x, "y": y, "width": width, "height": height, "scale": 1]
        let result = try call("Page.captureScreenshot", ["format": "png", "clip": clip, "captureBeyondViewport": false, "optimizeForSpeed": true])
        guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw .browser("Chromium returned no screenshot")
        }
        return data
    }

    /// Closes the browser and waits for it to exit (killing it if it does not answer), then removes its profile.
    public func close() {
        guard !closed else { return }
        closed = true
        _ = try? call("Browser.close", [:], inSession: false)
        Glibc.close(commands)
        // The browser closes its end when it exits: read to the end of the pipe (bounded by the timeout), then reap it.
        var pollDescriptor = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
        var scratch = [UInt8](repeating: 0, count: 4096)
        while poll(&pollDescriptor, 1, 5_000) > 0, read(answers, &scratch, scratch.count) > 0 {}
        Glibc.close(answers)
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        try? FileManager.default.removeItem(atPath: profile)
    }

    // MARK: Protocol

    private func call(_ method: String, _ parameters: [String: Any] = [:], inSession: Bool = true) throws(GalleryError) -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if inSession, !session.isEmpty { message["sessionId"] = session }
        guard var data = try? JSONSerialization.data(withJSONObject: message) else { throw .browser("cannot encode \(method)") }
        data.append(0)
        let sent = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            var offset = 0
            while offset < raw.count {
                let written = write(commands, raw.baseAddress! + offset, raw.count - offset)
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
        guard sent else { throw .browser("Chromium stopped reading commands (it exited?)") }
        while true {
            let reply = try readMessage()
            if reply["id"] as? Int == id {
                if let error = reply["error"] as? [String: Any] {
                    throw .browser("Chromium refused \(method): \(error["message"] ?? "unknown error")")
                }
                return reply["result"] as? [String: Any] ?? [:]
            }
            if reply["method"] != nil { pendingEvents.append(reply) }
        }
    }

    private func waitForEvent(_ method: String) throws(GalleryError) -> [String: Any] {
        while true {
            if let index = pendingEvents.firstIndex(where: { $0["method"] as? String == method }) {
                return pendingEvents.remove(at: index)
            }
            pendingEvents.append(try readMessage())
        }
    }

    private func readMessage() throws(GalleryError) -> [String: Any] {
        let milliseconds = Int32(timeout.components.seconds * 1_000)
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                if let object = (try? JSONSerialization.jsonObject(with: message)) as? [String: Any] { return object }
                continue
            }
            var pollDescriptor = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pollDescriptor, 1, milliseconds)
            guard ready > 0 else { throw .browser("Chromium did not answer within \(timeout.components.seconds) s") }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(answers, &chunk, chunk.count)
            guard count > 0 else { throw .browser("Chromium exited while the gallery was talking to it") }
            buffer += chunk[..<count]
        }
    }
}
