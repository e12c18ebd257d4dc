import ArgumentParser
import CommandLineSupport
import BuffKit
import BuffCore
import FeedKit
import Foundation

/// `mediakit buffs watch [--base-url URL] [--ids 1-5] [--interval 30] [--loop] [--virtual-clock]
/// [--until SECONDS] [--actions FILE] [--json]`.
struct BuffsWatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Request buffs on the schedule, count them down, apply votes and closes, print every event.",
        discussion: """
            The seed's schedule: one request every --interval seconds from the start, ids in --ids order;
            after the last id the run stops requesting (--loop starts again) and ends when the last buff
            is hidden (or at --until). A buff arriving while another shows waits, then gets its full time.
            A failed or stalled request (no answer within --timeout) is an error event; the schedule goes on.

            --actions FILE: one action per line, '#' starts a comment:
              4.2 vote 1     vote for the 1st answer of the buff shown at 4.2 s
              65 close       tap the close button at 65 s

            --json prints one object per line with "t" (seconds, 3 decimals) and "event": request {id},
            show {buff, question, author, answers [{id, title}], seconds}, countdown {buff, secondsLeft},
            vote {buff, answer}, hide {buff, reason: expired|voted|closed}, queued {buff}, error {id, message}.
            On the virtual clock the transcript is the same on every run: attach it to a bug report.
            """)

    @Option(name: .customLong("base-url"), help: ArgumentHelp("The SportBuff API's base URL.", valueName: "url"))
    var baseURL = BaseURL(url: BuffClient.defaultBaseURL)

    @Option(help: ArgumentHelp("Buff ids to request, in order: 1-5, 3, 1,3,5.", valueName: "ids"))
    var ids = BuffIDs(ids: Array(1...5))

    @Option(help: ArgumentHelp("Seconds between two requests.", valueName: "seconds"))
    var interval: Double = 30

    @Flag(help: "After the last id, start again at the first (default: stop).")
    var loop = false

    @Flag(name: .customLong("virtual-clock"),
          help: "Jump from one event to the next instead of waiting; requests take no time.")
    var virtualClock = false

    @Option(help: ArgumentHelp("End the run at this time (default: when the last buff is hidden).", valueName: "seconds"))
    var until: Double?

    @Option(help: ArgumentHelp("Votes and closes to apply, one per line: 'SECONDS vote N' or 'SECONDS close'.",
                               valueName: "file"))
    var actions: String?

    @Flag(help: "Print one JSON object per line.")
    var json = false

    @OptionGroup var network: NetworkOptions

    func validate() throws {
        guard interval.isFinite, interval > 0, interval <= 86_400 else {
            throw ValidationError("--interval must be more than 0 and at most 86400 seconds")
        }
        if let until, !(until.isFinite && until >= 0 && until <= 1e9) {
            throw ValidationError("--until must be 0 or more seconds")
        }
        if loop, virtualClock, until == nil {
            throw ValidationError("--loop on the virtual clock never ends: give --until")
        }
        _ = try loadActions()
    }

    /// The parsed `--actions` file; a bad line is a usage error naming FILE:LINE.
    func loadActions() throws -> [BuffAction] {
        guard let path = actions else { return [] }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ValidationError("\(path): cannot read the actions file (\((error as NSError).localizedDescription))")
        }
        do {
            return try BuffActionScript.parse(text)
        } catch {
            throw ValidationError("\(path):\(error.line): \(error.reason)")
        }
    }

    func run() async throws {
        let actions = try loadActions()
        let deadline = network.limits.timeout
        let schedule = BuffSchedule(ids: ids.ids, interval: BuffClock.duration(seconds: interval), loop: loop,
                                    fetchDeadline: deadline)
        let json = json
        let baseURL = baseURL.url
        let limits = network.limits
        let emit: @Sendable (BuffRunner.Timed) -> Void = { timed in
            let line = json ? BuffTranscript.json(timed) : BuffTranscript.readable(timed)
            TerminalOutput.line(line)
        }
        try await reportingFailures {
            guard !virtualClock else {
                // Each request on a transport of its own, shut down (its connection closed) before the fetch
                // returns: a request given up at its deadline is over on the wire too before the next is sent,
                // so the server sees exactly the transcript's order.
                let runner = BuffRunner(schedule: schedule, clock: .virtual, until: until.map(BuffClock.duration(seconds:))) { id in
                    await Self.fetchAlone(id: id, baseURL: baseURL, limits: limits)
                }
                await runner.run(actions: actions, emit: emit)
                return
            }
            try await AsyncHTTPTransport.withTransport { transport in
                let api = BuffClient(baseURL: baseURL, transport: transport, limits: limits)
                let runner = BuffRunner(schedule: schedule, clock: .real,
                                        until: until.map(BuffClock.duration(seconds:))) { id in await api.fetch(id: id) }
                await runner.run(actions: actions, emit: emit)
            }
        }
    }

    /// Buff `id` over a transport of its own, shut down before returning: its connection is closed, also after
    /// a timeout. (Shutting down a transport that ran one request can only fail if it was shut down already.)
    static func fetchAlone(id: Int, baseURL: URL, limits: RequestLimits) async -> Result<Buff, BuffError> {
        let transport = AsyncHTTPTransport()
        let result = await BuffClient(baseURL: baseURL, transport: transport, limits: limits).fetch(id: id)
        try? await transport.shutdown()
        return result
    }
}
