/// A list of coloured triangles in output-pixel coordinates, ready for one `SDL_RenderGeometry` call.
///
/// Shapes are appended in painter's order (later ones on top); SDL blends each triangle with the
/// renderer's blend mode, so the faded rims of anti-aliased shapes blend over what is below.
struct Mesh: Sendable {
    /// One corner of a triangle: position in output pixels and straight-alpha colour.
    struct Vertex: Equatable, Sendable {
        var x: Float
        var y: Float
        var color: RGBA
    }

    private(set) var vertices: [Vertex] = []
    /// Three indices into `vertices` per triangle.
    private(set) var indices: [Int32] = []

    /// Appends a vertex and returns its index.
    mutating func add(_ x: Double, _ y: Double, _ color: RGBA) -> Int32 {
        vertices.append(Vertex(x: Float(x), y: Float(y), color: color))
        return Int32(vertices.count - 1)
    }

    /// Appends the triangle (a, b, c).
    mutating func triangle(_ a: Int32, _ b: Int32, _ c: Int32) {
        indices.append(contentsOf: [a, b, c])
    }

    /// Appends the quad a-b-c-d (in order around its edge) as two triangles.
    mutating func quad(_ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32) {
        triangle(a, b, c)
        triangle(a, c, d)
    }

    /// Number of triangles.
    var triangleCount: Int { indices.count / 3 }
}
