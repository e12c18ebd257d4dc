// docs/DragPhysics.md, "Easing": one curve of each family, sampled.
import DragPhysics

let curves: [(String, any EasingCurve)] = [
    ("cubicOut", PennerEasing.cubicOut),                         // 1 − (1 − t)³
    ("ease", CubicBezierEasing.ease),                            // cubic-bezier(0.25, 0.1, 0.25, 1)
    ("steps(4)", try StepsEasing(steps: 4)),                     // jump-end
    ("linear(0, 0.25 75%, 1)", try CSSLinearEasing([.init(0), .init(0.25, at: 0.75), .init(1)])),
    ("spring", try SpringEasing(response: 0.5, dampingRatio: 0.6)),
]
for (name, curve) in curves {
    print(name, curve(0), curve(0.5), curve(1))
}
// cubicOut 0.0 0.875 1.0
// ease 0.0 0.8024033875848... 1.0
// steps(4) 0.0 0.5 1.0
// linear(0, 0.25 75%, 1) 0.0 0.1666... 1.0
// spring 0.0 1.0200202087... 1.0   (overshoots: ζ = 0.6)
