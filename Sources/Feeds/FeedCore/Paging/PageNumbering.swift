/// When a list paged by number has more pages, from what a page says about itself.
///
/// ```swift
/// PageNumbering.next(after: 2, perPage: 25, total: 60, received: 25)    // 3
/// PageNumbering.next(after: 3, perPage: 25, total: 60, received: 10)    // nil
/// PageNumbering.next(after: 1, perPage: 10, total: nil, received: 10)   // 2 (a full page: maybe more)
/// ```
public enum PageNumbering {
    /// The number of the page after `page`, or `nil` when `page` is the last.
    ///
    /// With a `total`, there are more pages while `page × perPage < total`. Without one (NPR sends none),
    /// a full page may be followed by more and a short or empty page is the last. An empty page is always
    /// the last, whatever `total` claims, so a wrong total cannot make a client page forever.
    public static func next(after page: Int, perPage: Int, total: Int?, received: Int) -> Int? {
        guard received > 0, perPage > 0 else { return nil }
        if let total {
            return page * perPage < total ? page + 1 : nil
        }
        return received >= perPage ? page + 1 : nil
    }

    /// Whether there is a page after `page` (the `hasMore` a command line prints).
    public static func hasMore(after page: Int, perPage: Int, total: Int?, received: Int) -> Bool {
        next(after: page, perPage: perPage, total: total, received: received) != nil
    }
}
