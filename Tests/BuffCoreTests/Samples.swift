import BuffCore
import Foundation

/// Buff documents in every shape the issue lists (our own fixtures; the `data` shape is inferred).
enum Samples {
    /// The seed's sample response, verbatim.
    static let seed = #"""
    {
    "result": {
    "id": 155,
    "client_id": 1,
    "stream_id": 1,
    "time_to_show": 10,
    "priority": 3,
    "created_at": "2020-01-31T22:19:43.180391Z",
    "author": {
    "first_name": "Pedro",
    "last_name": "Luz"
    },
    "question": {
    "id": 155,
    "title": "Ball Circle Personal Loan Account impactful",
    "category": 1
    },
    "answers": [
    {
    "id": 387,
    "buff_id": 0,
    "title": "324324"
    },
    {
    "id": 388,
    "buff_id": 0,
    "title": "wqewqewq"
    }
    ],
    "language": "en"
    }
    }
    """#

    /// Author with an image, last name "", answers with images keyed "0", "1", "2".
    static let withImages = #"""
    {"result": {"id": 2, "client_id": 1, "stream_id": 1, "time_to_show": 15, "priority": 1,
     "created_at": "2020-02-01T10:00:00.000001Z",
     "author": {"first_name": "Ana", "last_name": "", "image": "http://img.test/ana.png"},
     "question": {"id": 20, "title": "Who scores next?", "category": 2},
     "answers": [
       {"id": 1, "buff_id": 2, "title": "Home", "image": {
          "0": {"id": 10, "key": "1x", "url": "http://img.test/home@1x.png"},
          "2": {"id": 12, "key": "3x", "url": "http://img.test/home@3x.png"},
          "1": {"id": 11, "key": "2x", "url": "http://img.test/home@2x.png"}}},
       {"id": 2, "buff_id": 2, "title": "Away"},
       {"id": 3, "buff_id": 2, "title": "Nobody", "image": null}],
     "language": "en"}}
    """#

    /// The later API version (inferred shape): `data`, `duration`, image URLs as arrays.
    static let later = #"""
    {"data": {"id": "3", "duration": "12", "created_at": "2021-05-05T05:05:05.123456+00:00",
     "author": {"first_name": "Kim", "last_name": "Lee", "image": ["http://img.test/kim@1x.png", "http://img.test/kim@2x.png"]},
     "question": {"id": 30, "title": "Best player?"},
     "answers": [
       {"id": 31, "title": "A", "image": ["http://img.test/a@1x.png", "http://img.test/a@2x.png"]},
       {"id": 32, "title": "B", "image": [{"url": "http://img.test/b@1x.png"}]}]}}
    """#

    /// A buff of `count` answers and `seconds` to show.
    static func document(id: Int = 1, answers count: Int, seconds: String = "10") -> String {
        let answers = (0..<count).map { #"{"id": \#(100 + $0), "buff_id": \#(id), "title": "Answer \#($0 + 1)"}"# }
        return #"""
        {"result": {"id": \#(id), "time_to_show": \#(seconds), "author": {"first_name": "A", "last_name": "B"},
         "question": {"id": 1, "title": "Q\#(id)?"}, "answers": [\#(answers.joined(separator: ","))]}}
        """#
    }

    /// A buff value for engine tests.
    static func buff(id: Int, seconds: Int = 10, answers: Int = 2) -> Buff {
        Buff(id: id, timeToShow: .seconds(seconds), author: BuffAuthor(firstName: "A", lastName: "B"),
             question: BuffQuestion(title: "Q\(id)?"),
             answers: (0..<answers).map { BuffAnswer(id: id * 100 + $0, title: "Answer \($0 + 1)") })
    }
}
