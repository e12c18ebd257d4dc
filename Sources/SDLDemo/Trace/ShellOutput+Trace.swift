import ScreenKit

extension ShellOutput {
    /// How traces write the output: the kind, then its screen and argument, separated by colons —
    /// `circleTapped`, `quit`, `back:SCREEN`, `rowSelected:SCREEN:ROW`, `nearEnd:SCREEN:COUNT`,
    /// `refresh:SCREEN`, `retry:SCREEN`, `action:SCREEN:ACTION`, `tab:SCREEN:TAB`, `notice:ACTION`,
    /// `searchChanged:SCREEN:TEXT`, `searchSubmitted:SCREEN:TEXT`, `titleButton:SCREEN:BUTTON` (`nowPlaying`, `search`),
    /// `slider:SCREEN:NAME:VALUE` (the value rounded to hundredths, e.g. `slider:nowPlaying:volume:0.25`).
    var traceName: String {
        switch self {
        case .circleTapped: "circleTapped"
        case .quit: "quit"
        case .back(let from): "back:\(from)"
        case .rowSelected(let screen, let row): "rowSelected:\(screen):\(row)"
        case .nearEnd(let screen, let count): "nearEnd:\(screen):\(count)"
        case .refreshRequested(let screen): "refresh:\(screen)"
        case .retryRequested(let screen): "retry:\(screen)"
        case .action(let screen, let action): "action:\(screen):\(action.name)"
        case .tabSelected(let screen, let tab): "tab:\(screen):\(tab)"
        case .noticeAction(let action):
            switch action {
            case .dismiss: "notice:dismiss"
            case .retry: "notice:retry"
            case .custom(let name): "notice:\(name)"
            }
        case .searchChanged(let screen, let text): "searchChanged:\(screen):\(text)"
        case .searchSubmitted(let screen, let text): "searchSubmitted:\(screen):\(text)"
        case .titleButtonTapped(let screen, let button): "titleButton:\(screen):\(button.rawValue)"
        case .sliderChanged(let screen, let name, let value): "slider:\(screen):\(name):\((value * 100).rounded() / 100)"
        }
    }
}
