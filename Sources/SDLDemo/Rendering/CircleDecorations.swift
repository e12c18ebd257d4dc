import DragPhysics
import Foundation
import ScreenKit

/// What is drawn around the circle besides the circle itself: the LIVE mark over its top edge for a live
/// stream (not once it failed: the failure ring and message say what matters then), the headphones mark at its lower right while audio plays, and the now-playing lines (title, then
/// artist or station) under it — unless a failure message takes that place. Window points throughout
/// (``Shapes`` and the text renderer scale to output pixels).
enum CircleDecorations {
    /// Draws the decorations of `frame` (the circle must be visible).
    static func draw(_ frame: FrameSnapshot, with painter: Painter) throws {
        let audio = frame.audio
        if audio.isLive, frame.phase != .failed { try drawLiveMark(frame, with: painter) }
        if audio.isAudible { try drawHeadphones(frame, with: painter) }
        if frame.message == nil, let title = audio.nowPlaying {
            try drawNowPlaying(title: title, artist: audio.artist, frame: frame, with: painter)
        }
    }

    /// The LIVE badge's box: centred on the circle's top edge.
    static func liveMarkBox(for frame: FrameSnapshot, textWidth: Double) -> Rect {
        let width = textWidth + 14
        return Rect(x: frame.x - width / 2, y: frame.y - frame.radius - 10, width: width, height: 20)
    }

    /// The headphones mark's centre and radius: a small navy disc with a white rim at the circle's lower right.
    static func headphonesDisc(for frame: FrameSnapshot) -> (x: Double, y: Double, r: Double) {
        let offset = frame.radius * 0.74
        return (frame.x + offset, frame.y + offset, 14)
    }

    private static func drawLiveMark(_ frame: FrameSnapshot, with painter: Painter) throws {
        let box = liveMarkBox(for: frame, textWidth: painter.text.width(of: "LIVE", style: .overline))
        try painter.draw(Shapes.roundedRect(box, radius: 4, color: Palette.badge, scale: painter.scale))
        _ = painter.text.draw("LIVE", style: .overline, color: Palette.onDark, in: box, alignment: .center)
    }

    private static func drawHeadphones(_ frame: FrameSnapshot, with painter: Painter) throws {
        let s = painter.scale
        let disc = headphonesDisc(for: frame)
        var mesh = Mesh()
        let (cx, cy, r) = (disc.x * s, disc.y * s, disc.r * s)
        // A white rim parts the mark from the (teal, full while playing) circle it overlaps.
        mesh.disc(cx: cx, cy: cy, radius: r + 2 * s, color: Palette.icon, feather: CircleScene.feather)
        mesh.disc(cx: cx, cy: cy, radius: r, color: Palette.circle, feather: CircleScene.feather)
        try painter.draw(mesh)
        try HeadphonesGlyph.draw(center: Point(x: disc.x, y: disc.y), r: disc.r, color: Palette.icon, with: painter)
    }

    private static func drawNowPlaying(title: String, artist: String?, frame: FrameSnapshot, with painter: Painter) throws {
        let width = FrameRenderer.captionTextWidth(frame)
        var lines: [(text: String, color: RGBA)] = [(painter.text.fittedLine(title, style: .caption, width: width), Palette.textPrimary)]
        if let artist { lines.append((painter.text.fittedLine(artist, style: .caption, width: width), Palette.textSecondary)) }
        try FrameRenderer.drawCaption(lines, frame: frame, with: painter)
    }
}
