// docs/DragPhysics.md, "The circle": a drag, a flick to the right, and the circle docked there.
import DragPhysics

var circle = DraggableCircle.centered(in: Size(width: 800, height: 600), radius: 50)
circle.pointerDown(at: Point(x: 400, y: 300), time: 0)
circle.pointerMoved(to: Point(x: 430, y: 300), time: 0.016)
circle.pointerMoved(to: Point(x: 470, y: 300), time: 0.032)
circle.pointerUp(at: Point(x: 520, y: 300), time: 0.048)   // .flicked(.right)
circle.center(at: 1.0)                                      // (750, 300): docked on .right
