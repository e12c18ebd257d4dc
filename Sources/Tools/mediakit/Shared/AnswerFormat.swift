/// Options that choose the form of a command's answer: one JSON document for programs (`--json`), else text for
/// people. The JSON shapes are contracts (the issues list their keys); the text is not.
protocol AnswerFormat {
    /// Whether `--json` was given.
    var json: Bool { get }
}

extension AnswerFormat {
    /// Prints the answer: `document` with `--json`, else `text` (which ends with its own newline). Only the one
    /// printed is built.
    func printAnswer(json document: @autoclosure () -> JSONValue, text: @autoclosure () -> String) {
        if json {
            JSONOutput.print(document())
        } else {
            TerminalOutput.print(text(), terminator: "")
        }
    }
}

extension JSONFlag: AnswerFormat {}
extension VimeoOptions: AnswerFormat {}
extension InterlochenOptions: AnswerFormat {}
