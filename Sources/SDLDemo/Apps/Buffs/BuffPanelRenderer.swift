import DragPhysics
import BuffCore
import Foundation
import ScreenKit

/// Draws the Buff panel (a ``BuffCore/BuffPanel/Frame``) over everything: the seed's three sections — the
/// sender (image, or the image store's placeholder when there is none, and name), the question with its
/// countdown (a ring that empties, drawn with the circle's arc mesh, and the seconds), the answers (2–5
/// rows; the voted one highlighted) — and the close ✕ top right. Geometry comes from the model; this only
/// paints it.
enum BuffPanelRenderer {
    /// Colours of the panel. Tests sample screenshot pixels against these values.
    enum Colors {
        /// The panel's card.
        static let card = RGBA(0x1B, 0x22, 0x33, 0xF2)
        /// An answer row.
        static let answer = RGBA(0x2E, 0x3A, 0x59)
        /// The chosen answer.
        static let highlighted = RGBA(0x2A, 0x9D, 0x8F)
        /// The ring's full part.
        static let ring = RGBA(0x2A, 0x9D, 0x8F)
        /// The ring's emptied part.
        static let ringTrack = RGBA(0x45, 0x55, 0x7E)
        /// Text on the panel.
        static let text = RGBA(0xFF, 0xFF, 0xFF)
        /// The sender's name.
        static let secondaryText = RGBA(0xC9, 0xD1, 0xDD)
        /// The close button's disc.
        static let closeDisc = RGBA(0x45, 0x55, 0x7E)
    }

    /// Draws `frame` with `painter`.
    static func draw(_ frame: BuffPanel.Frame, with painter: Painter) throws {
        let layout = frame.layout
        let s = painter.scale
        try painter.draw(Shapes.roundedRect(layout.panel, radius: 12, color: Colors.card, scale: s))

        // Sender.
        try painter.image(frame.buff.author.image, in: layout.senderImage)
        _ = painter.text.draw(frame.buff.author.displayName, style: .rowTitle, color: Colors.secondaryText,
                              in: layout.senderName)

        // Close ✕.
        var close = Mesh()
        let c = layout.close.center, r = layout.close.width / 2
        close.disc(cx: c.x * s, cy: c.y * s, radius: r * s, color: Colors.closeDisc, feather: CircleScene.feather)
        let arm = r * 0.38
        Shapes.line(from: (c.x - arm, c.y - arm), to: (c.x + arm, c.y + arm), width: 2.5, color: Colors.text, scale: s, into: &close)
        Shapes.line(from: (c.x - arm, c.y + arm), to: (c.x + arm, c.y - arm), width: 2.5, color: Colors.text, scale: s, into: &close)
        try painter.draw(close)

        // Question and countdown ring: the full part from 12 o'clock clockwise, the emptied part behind it.
        var ring = Mesh()
        let rc = layout.ring.center
        let outer = layout.ring.width / 2, inner = outer - 6
        let top = -Double.pi / 2
        ring.arc(cx: rc.x * s, cy: rc.y * s, innerRadius: inner * s, outerRadius: outer * s,
                 start: 0, end: 2 * Double.pi, color: Colors.ringTrack, feather: CircleScene.feather, roundCaps: false)
        if frame.ringFraction > 0 {
            ring.arc(cx: rc.x * s, cy: rc.y * s, innerRadius: inner * s, outerRadius: outer * s,
                     start: top, end: top + 2 * Double.pi * frame.ringFraction, color: Colors.ring,
                     feather: CircleScene.feather, roundCaps: false)
        }
        try painter.draw(ring)
        _ = painter.text.draw(String(frame.secondsLeft), style: .barTitle, color: Colors.text, in: layout.ring, alignment: .center)
        let lines = painter.text.wrapped(frame.buff.question.title, style: .body, width: layout.questionText.width, maxLines: 3)
        let height = Double(lines.count) * TextStyle.body.lineHeight
        let textBox = Rect(x: layout.questionText.x, y: layout.questionText.y + max(0, (layout.questionText.height - height) / 2),
                           width: layout.questionText.width, height: height)
        painter.text.drawParagraph(frame.buff.question.title, style: .body, color: Colors.text, in: textBox, maxLines: 3)

        // Answers.
        for (answer, row) in zip(frame.buff.answers, layout.answers) {
            let color = answer.id == frame.highlighted ? Colors.highlighted : Colors.answer
            try painter.draw(Shapes.roundedRect(row, radius: 10, color: color, scale: s))
            var textRow = row.insetBy(dx: 16, dy: 0)
            if let image = answer.images.first {
                let side = row.height - 10
                try painter.image(image, in: Rect(x: row.x + 6, y: row.y + 5, width: side, height: side))
                textRow = Rect(x: row.x + side + 16, y: row.y, width: row.width - side - 32, height: row.height)
            }
            _ = painter.text.draw(answer.title, style: .button, color: Colors.text, in: textRow)
        }
    }
}
