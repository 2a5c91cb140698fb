public import Foundation
public import Logging

/// One thing that happened, for product analytics and support: a stable name (an internal
/// identifier, never translated), string attributes, and how long it took where that matters.
public struct TelemetryEvent: Sendable, Equatable, Codable {
    public var name: String
    public var attributes: [String: String]
    public var duration: Duration?
    public var date: Date

    public init(name: String, attributes: [String: String] = [:], duration: Duration? = nil, date: Date) {
        self.name = name
        self.attributes = attributes
        self.duration = duration
        self.date = date
    }
}

/// Where telemetry goes. Adapters: `InMemoryTelemetrySink` (tests, the REPL), `LogTelemetrySink` (swift-log).
public protocol TelemetrySink: Sendable {
    func record(_ event: TelemetryEvent)
}

/// What features hold: a sink plus the injected `now`, so events carry a testable date.
public struct Telemetry: Sendable {
    public var sink: any TelemetrySink
    public var now: @Sendable () -> Date

    public init(sink: any TelemetrySink, now: @escaping @Sendable () -> Date) {
        self.sink = sink
        self.now = now
    }

    public func record(_ name: String, attributes: [String: String] = [:], duration: Duration? = nil) {
        sink.record(TelemetryEvent(name: name, attributes: attributes, duration: duration, date: now()))
    }

    /// Drops every event (for previews and code paths that do not report).
    public static let disabled = Telemetry(sink: DiscardingTelemetrySink(), now: { Date(timeIntervalSince1970: 0) })
}

/// Keeps every event in memory, in order; `events` reads them back.
public final class InMemoryTelemetrySink: TelemetrySink {
    private let storage = Locked<[TelemetryEvent]>([])

    public init() {}

    public func record(_ event: TelemetryEvent) {
        storage.withLock { $0.append(event) }
    }

    public var events: [TelemetryEvent] {
        storage.withLock { $0 }
    }

    public func names() -> [String] {
        events.map(\.name)
    }

    public func removeAll() {
        storage.withLock { $0.removeAll() }
    }
}

/// Writes each event as one structured log line through swift-log.
public struct LogTelemetrySink: TelemetrySink {
    public var logger: Logger
    public var level: Logger.Level

    public init(logger: Logger = Logger(label: "OfflineKit.Telemetry"), level: Logger.Level = .info) {
        self.logger = logger
        self.level = level
    }

    public func record(_ event: TelemetryEvent) {
        var metadata: Logger.Metadata = event.attributes.mapValues { .string($0) }
        if let duration = event.duration {
            metadata["duration_ms"] = .string(String(format: "%.3f", duration.seconds * 1000))
        }
        logger.log(level: level, "\(event.name)", metadata: metadata)
    }
}

/// A sink that drops everything.
public struct DiscardingTelemetrySink: TelemetrySink {
    public init() {}
    public func record(_ event: TelemetryEvent) {}
}
