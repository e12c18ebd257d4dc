import BuffCore
import FeedCore
import Foundation
import Testing

@Suite("Decoding")
struct DecodingTests {
    func decode(_ text: String) throws -> Buff {
        try BuffDecoder.decode(Data(text.utf8))
    }

    func failure(_ text: String) -> BuffError? {
        do {
            _ = try BuffDecoder.decode(Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func theSeedSample() throws {
        let buff = try decode(Samples.seed)
        #expect(buff.id == 155)
        #expect(buff.timeToShow == .seconds(10))
        #expect(buff.priority == 3)
        #expect(buff.language == "en")
        #expect(buff.author == BuffAuthor(firstName: "Pedro", lastName: "Luz", image: nil))
        #expect(buff.author.displayName == "Pedro Luz")
        #expect(buff.question == BuffQuestion(id: 155, title: "Ball Circle Personal Loan Account impactful", category: 1))
        #expect(buff.answers == [BuffAnswer(id: 387, title: "324324"), BuffAnswer(id: 388, title: "wqewqewq")])
        // 2020-01-31T22:19:43.180391Z, six fractional digits kept to the microsecond.
        let expected = 1_580_509_183.180391
        #expect(abs(try #require(buff.createdAt).timeIntervalSince1970 - expected) < 1e-6)
    }

    @Test func authorImageEmptyLastNameAndAnswerImagesKeyedByScale() throws {
        let buff = try decode(Samples.withImages)
        #expect(buff.author.image == URL(string: "http://img.test/ana.png"))
        #expect(buff.author.displayName == "Ana")
        #expect(buff.answers.count == 3)
        #expect(buff.answers[0].images.map(\.absoluteString) == [
            "http://img.test/home@1x.png", "http://img.test/home@2x.png", "http://img.test/home@3x.png"])
        #expect(buff.answers[1].images.isEmpty)
        #expect(buff.answers[2].images.isEmpty)
        #expect(abs(try #require(buff.createdAt).timeIntervalSince1970 - 1_580_551_200.000001) < 1e-6)
    }

    @Test func theLaterVersionIsAccepted() throws {
        let buff = try decode(Samples.later)
        #expect(buff.id == 3)
        #expect(buff.timeToShow == .seconds(12))
        #expect(buff.author.image == URL(string: "http://img.test/kim@1x.png"))
        #expect(buff.answers.map(\.images.count) == [2, 1])
        #expect(buff.answers[1].images.first == URL(string: "http://img.test/b@1x.png"))
    }

    @Test(arguments: 2...5) func twoToFiveAnswers(count: Int) throws {
        #expect(try decode(Samples.document(answers: count)).answers.count == count)
    }

    @Test(arguments: [0, 1, 6, 9]) func otherAnswerCountsAreRefused(count: Int) {
        #expect(failure(Samples.document(answers: count)) == .answerCount(count))
    }

    @Test(arguments: ["0", "-5", "0.0"]) func nonPositiveTimeIsRefused(seconds: String) {
        #expect(failure(Samples.document(answers: 2, seconds: seconds)) == .nonPositiveTime(Double(seconds)!))
    }

    @Test(arguments: ["3600.001", "1e300", "86400"]) func overAnHourIsRefused(seconds: String) {
        #expect(failure(Samples.document(answers: 2, seconds: seconds)) == .timeTooLong(Double(seconds)!))
        #expect(BuffError.timeTooLong(86400).description == "time_to_show must be at most 3600 s, got 86400")
    }

    @Test func fractionalTimeIsKeptToTheMillisecond() throws {
        #expect(try decode(Samples.document(answers: 2, seconds: "7.5")).timeToShow == .milliseconds(7500))
    }

    @Test func malformedJSONIsATypedError() {
        guard case .json(.invalidJSON) = failure(#"{"result": {"id": 1,"#) else {
            Issue.record("expected invalid JSON")
            return
        }
        guard case .json(.invalidJSON) = failure("<html>500</html>") else {
            Issue.record("expected invalid JSON for HTML")
            return
        }
    }

    @Test func aFieldOfTheWrongShapeNamesItsPath() {
        let text = Samples.document(answers: 2).replacingOccurrences(of: #""title": "Q1?""#, with: #""title": [1]"#)
        guard case .json(.decoding(let path, _)) = failure(text) else {
            Issue.record("expected a decoding error")
            return
        }
        #expect(path == "result.question.title")
    }

    @Test func aDocumentWithoutABuffIsRefused() {
        #expect(failure(#"{"error": "not found"}"#) == .noBuff)
        #expect(failure(#"{"result": null}"#) == .noBuff)
    }

    @Test func errorsReadAsOneLine() {
        #expect(BuffError.answerCount(6).description == "a buff needs 2 to 5 answers, this one has 6")
        #expect(BuffError.nonPositiveTime(0).description == "time_to_show must be more than 0, got 0")
        #expect(BuffError.timedOut(after: .milliseconds(2500)).description == "no answer within 2.5 s")
    }
}
