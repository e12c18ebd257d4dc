// docs/Interlochen.md, "content-meta.json": the file decoded, the media it points at, a section assembled.
import InterlochenCore

// snippet.hide
func sections(bytes: [UInt8], snapshot: MediaSnapshot) throws {
// snippet.show
let meta = try ContentMeta.decode(from: bytes)
meta.mediaReferences                       // Set<MediaReference>: albums, stories, queries, casts
let section = meta.section(.featured, media: snapshot)
section.items                              // [SectionItem]: .video, .story, .cast, .relay, .station, .link
section.pending                            // media not loaded yet: show a loading row
// snippet.hide
}
// snippet.show
