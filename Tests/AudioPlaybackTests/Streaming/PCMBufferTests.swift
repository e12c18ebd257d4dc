import Testing
@testable import AudioPlayback

/// The bounded PCM buffer: back-pressure on the writer, wake-ups, closing and cancellation.
@Suite("PCM buffer")
struct PCMBufferTests {
    @Test("holds what is written, in order; read takes at most what is asked")
    func fifo() async {
        let buffer = PCMBuffer(capacityFrames: 10, channels: 2)
        #expect(await buffer.write([1, 2, 3, 4]))
        #expect(await buffer.write([5, 6]))
        #expect(buffer.frames == 3)
        #expect(buffer.read(maxFrames: 2) == [1, 2, 3, 4])
        #expect(buffer.read(maxFrames: 5) == [5, 6])
        #expect(buffer.read(maxFrames: 5) == [])
    }

    @Test("a writer that finds the buffer full waits until a read makes room; the bound is never exceeded")
    func backPressure() async {
        let buffer = PCMBuffer(capacityFrames: 4, channels: 1)
        #expect(await buffer.write([1, 2, 3]))
        let writer = Task { await buffer.write([4, 5, 6]) }
        // The writer cannot finish: 3 + 3 > 4. Reading 1 frame is not enough; reading 2 is.
        for _ in 0..<50 { await Task.yield() }
        #expect(buffer.frames == 3)
        #expect(buffer.read(maxFrames: 1) == [1])
        for _ in 0..<50 { await Task.yield() }
        #expect(buffer.frames == 2)
        #expect(buffer.read(maxFrames: 1) == [2])
        #expect(await writer.value)
        #expect(buffer.read(maxFrames: 10) == [3, 4, 5, 6])
        #expect(buffer.peakFrames == 4)
    }

    @Test("an oversized write is accepted into an empty buffer")
    func oversized() async {
        let buffer = PCMBuffer(capacityFrames: 2, channels: 1)
        #expect(await buffer.write([1, 2, 3, 4, 5]))
        #expect(buffer.frames == 5)
    }

    @Test("closing wakes a waiting writer with false; later writes fail; what is held stays readable")
    func close() async {
        let buffer = PCMBuffer(capacityFrames: 2, channels: 1)
        #expect(await buffer.write([1, 2]))
        let writer = Task { await buffer.write([3]) }
        for _ in 0..<50 { await Task.yield() }
        buffer.close()
        #expect(await writer.value == false)
        #expect(await buffer.write([4]) == false)
        #expect(buffer.read(maxFrames: 5) == [1, 2])
    }

    @Test("cancelling a waiting writer wakes it with false")
    func cancel() async {
        let buffer = PCMBuffer(capacityFrames: 2, channels: 1)
        #expect(await buffer.write([1, 2]))
        let writer = Task { await buffer.write([3]) }
        for _ in 0..<50 { await Task.yield() }
        writer.cancel()
        #expect(await writer.value == false)
        #expect(buffer.frames == 2)
    }

    @Test("removeAll empties the buffer and lets a waiting writer in")
    func removeAll() async {
        let buffer = PCMBuffer(capacityFrames: 2, channels: 1)
        #expect(await buffer.write([1, 2]))
        let writer = Task { await buffer.write([3, 4]) }
        for _ in 0..<50 { await Task.yield() }
        buffer.removeAll()
        #expect(await writer.value)
        #expect(buffer.read(maxFrames: 5) == [3, 4])
    }
}
