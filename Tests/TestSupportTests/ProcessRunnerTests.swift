import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What the end-to-end tests rely on from TestSupport's ``ProcessRunner``: every byte of a child's output, an end
/// that does not wait for a pipe a grandchild holds, signals, and a kill at the timeout. Children are `/bin/sh`
/// one-liners.
@Suite("ProcessRunner")
struct ProcessRunnerTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test("a large document printed just before the exit arrives whole, stdout and stderr apart")
    func everyByteToTheEnd() async throws {
        // 4 MiB in one go, far more than a pipe holds, then an immediate exit: what is left in the pipe when the
        // child has exited is drained, never given up on (the runner this replaces cut such a document short).
        let outcome = try await ProcessRunner.run(Self.shell, [
            "-c", "yes x | head -c 4194304; printf end; printf oops >&2; exit 3",
        ])
        #expect(outcome.status == 3)
        #expect(!outcome.signaled)
        #expect(outcome.stdout.utf8.count == 4_194_304 + 3)
        #expect(outcome.stdout.hasPrefix("x\nx\n") && outcome.stdout.hasSuffix("x\nend"))
        #expect(outcome.stderr == "oops")
    }

    @Test("a grandchild that keeps the pipe open does not hold up the end")
    func grandchildHoldingThePipe() async throws {
        // The grandchild inherits stdout and lives on for an hour; the run ends with the child, its output whole.
        let outcome = try await ProcessRunner.run(Self.shell, ["-c", "sleep 3600 & echo started $!"])
        #expect(outcome.status == 0)
        let words = outcome.stdout.split(separator: " ")
        #expect(words.first == "started", "\(outcome.stdout)")
        if let pid = words.last.flatMap({ Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
            _ = kill(pid, SIGKILL)
        }
    }

    @Test("output is there while the child runs; SIGINT reaches it; a child that will not end is killed at the timeout")
    func signalsAndTimeout() async throws {
        let running = try await ProcessRunner.Running.start(Self.shell, [
            "-c", "trap 'echo interrupted; exit 130' INT; echo ready; while :; do sleep 1; done",
        ])
        #expect(await running.waitForOutput(containing: "ready\n").contains("ready"))
        running.interrupt()
        let outcome = await running.finish()
        #expect(outcome.status == 130)
        #expect(outcome.stdout == "ready\ninterrupted\n")

        let stuck = try await ProcessRunner.Running.start(Self.shell, ["-c", "trap '' INT TERM; echo ready; exec sleep 3600"])
        #expect(await stuck.waitForOutput(containing: "ready").contains("ready"))
        let (killed, timedOut) = await stuck.finishReportingTimeout(timeout: .milliseconds(100))
        #expect(timedOut)
        #expect(killed.signaled && killed.status == SIGKILL)
        #expect(killed.stdout == "ready\n")
    }

    @Test("a program that cannot start is an error, not a hang")
    func missingProgram() async {
        await #expect(throws: (any Error).self) {
            _ = try await ProcessRunner.run(URL(fileURLWithPath: "/nonexistent/program"), [])
        }
    }
}
