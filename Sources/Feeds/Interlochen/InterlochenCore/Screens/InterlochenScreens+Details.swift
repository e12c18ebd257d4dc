import FeedCore
import Foundation
import MediaCore
import PlayerCore
import ScreenKit
import VideoCore

/// An item's details: picture, category, title, facts and text; Listen (Pause while its item plays), Watch (the
/// player screen) and Share (see ``InterlochenScreens``' table).
extension InterlochenScreens {
    /// Pushes `info`'s details over the screen it was selected on, titled `title` (its tab's, or Search).
    mutating func showDetails(_ info: RowInfo, title: String, _ shell: inout Shell, at t: Double) {
        details = info
        shell.push(Screen(id: Self.detailsScreen, title: title, body: .details(details(info))), at: t)
    }

    /// What the details screen reported: an action (Listen, Pause, Watch, Share), or back.
    mutating func detailsOutput(_ output: ShellOutput, _ shell: inout Shell, at t: Double) -> [Command] {
        switch output {
        case .action(_, let action):
            guard let details else { return [] }
            if action == .watch {
                guard let request = Self.watch(details.item) else { return [] }
                shell.push(PlayerScreen.screen(title: details.item.title), at: t)
                return [.effect(.watch(request))]
            }
            if action == .share { return Self.share(details.item) }
            return play(action, details)
        case .back:
            details = nil
            return []
        default:
            return []
        }
    }

    /// The host ran an effect: Share's link copied ("Link copied", the link) or not ("Link not copied", why); a
    /// More link not opened ("Link not opened", why and the link, with Copy link).
    public mutating func effectFinished(_ result: EffectResult, _ shell: inout Shell, at t: Double) -> [Command] {
        switch result {
        case .linkCopied(let url):
            shell.show(Notice(title: "Link copied", message: url.absoluteString), at: t)
        case .linkNotCopied(_, let reason):
            shell.show(Notice(title: "Link not copied", message: reason), at: t)
        case .linkNotOpened(let url, let reason):
            unopenedLink = url
            shell.show(Notice(title: "Link not opened", message: "\(reason)\n\(url.absoluteString)",
                              buttons: [NoticeButton(.dismiss, title: "OK"), NoticeButton(Self.copyLinkAction, title: "Copy link")]),
                       at: t)
        }
        return []
    }

    /// The details screen of `info`, its Listen reading Pause while its item runs.
    func details(_ info: RowInfo) -> DetailsScreen {
        let item = info.item
        var actions: [ActionButton] = []
        if let request = Self.listenRequest(info) {
            actions.append(ActionButton(plays(request) && playback.isRunning ? .pause : .listen))
        }
        if Self.watch(item) != nil { actions.append(ActionButton(.watch)) }
        if item.shareURL != nil { actions.append(ActionButton(.share)) }
        return DetailsScreen(image: item.imageURL.flatMap(URL.init(string:)), overline: info.group?.uppercased(),
                             title: item.title, subtitle: InterlochenText.subtitle(item), facts: InterlochenText.facts(item),
                             paragraph: InterlochenText.paragraph(item), actions: actions)
    }

    /// Share: the item's link (``SectionItem/shareURL``) to the clipboard; the notice waits for the host's report
    /// (``effectFinished(_:_:at:)``).
    private static func share(_ item: SectionItem) -> [Command] {
        guard let url = item.shareURL else { return [] }
        return [.effect(.copyLink(url))]
    }

    /// Whether the audio loaded is `request`'s media (by address: a story listed under two groups is one story).
    private func plays(_ request: MediaRequest) -> Bool {
        playback.audio?.isSameMedia(as: request) == true
    }

    /// What Listen plays for `info`: a station's stream (live), a story's MP3; nil for anything else.
    private static func listenRequest(_ info: RowInfo) -> MediaRequest? {
        let item = info.item
        let artwork = item.imageURL.flatMap(URL.init(string:))
        switch item {
        case .station(let station):
            guard let url = LinkPolicy.httpURL(station.streamURL) else { return nil }
            return .stream(StreamRequest(url: url, title: station.name, artist: station.tagline, artworkURL: artwork, isLive: true))
        case .story(let story):
            guard let url = story.audioURL.flatMap(LinkPolicy.httpURL) else { return nil }
            return .stream(StreamRequest(url: url, title: story.title, artist: info.group ?? "NPR", artworkURL: artwork, isLive: false))
        default:
            return nil
        }
    }

    /// Listen plays the item, or resumes it when it is what plays, paused; Pause pauses it (Watch is handled above).
    private func play(_ action: ScreenAction, _ info: RowInfo) -> [Command] {
        switch action {
        case .listen:
            guard let request = Self.listenRequest(info) else { return [] }
            if plays(request), playback.phase == .paused { return [.effect(.control(.play))] }
            return [.effect(.listen(request))]
        case .pause:
            guard let request = Self.listenRequest(info), plays(request), playback.isRunning else { return [] }
            return [.effect(.control(.pause))]
        default:
            return []
        }
    }

    /// What Watch opens the player on: a video's HLS link, a live cast's or an HDRelay stream's playlist (``SectionItem/watchURL``),
    /// over http or https only; nil for anything else. (A new watchable kind of item adds its case to `watchURL`.)
    static func watch(_ item: SectionItem) -> VideoRequest? {
        guard let url = item.watchURL.flatMap(LinkPolicy.httpURL) else { return nil }
        return VideoRequest(source: .hls(url), title: item.title)
    }
}
