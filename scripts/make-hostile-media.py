#!/usr/bin/env python3
"""Makes the hostile media of issue 28's tests and fuzz seeds from the embedded sample video (deterministic; run from
the repository root: python3 scripts/make-hostile-media.py). Writes Tests/VideoPlaybackTests/Hostile/:

  bomb-16000x16000.ts  the 240p variant's first segment, video only, its H.264 sequence parameter set rewritten to
                       declare 1000 x 1000 macroblocks (16000 x 16000 pixels, no cropping): a decoder that believes it
                       allocates 384 MB a picture (a "decompression bomb" in 27 KB; the issue's was 770 KB of real
                       16000 x 16000 frames). The slices are the sample's, so what decodes is garbage: the point is the
                       size the stream declares.
  tfdt-2e62.m4s        the fMP4 240p variant's first segment with its track fragment decode time (tfdt, version 1,
                       64 bits) set to 2^62: timestamps near 2^62 in the container (issue 28: "arithmetic overflow").

The text cases (ffconcat, DASH, SDP, playlists) are written by the tests themselves: they name ports and paths known
only at run time."""
import pathlib
import struct

ROOT = pathlib.Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "Sources" / "Samples" / "VideoSample"
OUT = ROOT / "Tests" / "VideoPlaybackTests" / "Hostile"


# --- bits -----------------------------------------------------------------------------------------------------

class BitReader:
    def __init__(self, data):
        self.data, self.pos = data, 0

    def bit(self):
        byte = self.data[self.pos >> 3]
        value = (byte >> (7 - (self.pos & 7))) & 1
        self.pos += 1
        return value

    def bits(self, n):
        value = 0
        for _ in range(n):
            value = value << 1 | self.bit()
        return value

    def ue(self):
        zeros = 0
        while self.bit() == 0:
            zeros += 1
        return (1 << zeros) - 1 + self.bits(zeros)


class BitWriter:
    def __init__(self):
        self.bits_out = []

    def bits(self, value, n):
        self.bits_out += [(value >> (n - 1 - i)) & 1 for i in range(n)]

    def ue(self, value):
        code = value + 1
        length = code.bit_length()
        self.bits(0, length - 1)
        self.bits(code, length)

    def data(self):
        bits = self.bits_out + [0] * (-len(self.bits_out) % 8)
        return bytes(int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8))


def unescape(nal):  # remove emulation prevention bytes (00 00 03)
    out, zeros = bytearray(), 0
    for byte in nal:
        if zeros >= 2 and byte == 3:
            zeros = 0
            continue
        out.append(byte)
        zeros = zeros + 1 if byte == 0 else 0
    return bytes(out)


def escape(rbsp):
    out, zeros = bytearray(), 0
    for byte in rbsp:
        if zeros >= 2 and byte <= 3:
            out.append(3)
            zeros = 0
        out.append(byte)
        zeros = zeros + 1 if byte == 0 else 0
    return bytes(out)


def rewrite_sps(nal, width_mbs, height_mbs):
    """An SPS (ITU-T H.264 7.3.2.1.1, Main profile: no chroma fields) declaring width_mbs x height_mbs macroblocks,
    frame_mbs_only, no cropping; the rest (VUI) copied bit for bit."""
    rbsp = unescape(nal[1:])
    r, w = BitReader(rbsp), BitWriter()
    profile = r.bits(8)
    assert profile in (66, 77, 88), f"profile {profile}: only Baseline/Main/Extended SPS layouts are handled"
    w.bits(profile, 8)
    w.bits(r.bits(16), 16)           # constraint flags, level_idc
    w.ue(r.ue())                     # seq_parameter_set_id
    w.ue(r.ue())                     # log2_max_frame_num_minus4
    poc_type = r.ue()
    w.ue(poc_type)
    assert poc_type in (0, 2), "pic_order_cnt_type 1 not handled"
    if poc_type == 0:
        w.ue(r.ue())                 # log2_max_pic_order_cnt_lsb_minus4
    w.ue(r.ue())                     # max_num_ref_frames
    w.bits(r.bit(), 1)               # gaps_in_frame_num_value_allowed_flag
    r.ue(); r.ue()                   # pic_width_in_mbs_minus1, pic_height_in_map_units_minus1
    w.ue(width_mbs - 1)
    w.ue(height_mbs - 1)
    frame_mbs_only = r.bit()
    if not frame_mbs_only:
        r.bit()                      # mb_adaptive_frame_field_flag
    w.bits(1, 1)                     # frame_mbs_only_flag
    w.bits(r.bit(), 1)               # direct_8x8_inference_flag
    if r.bit():                      # frame_cropping_flag: dropped
        for _ in range(4):
            r.ue()
    w.bits(0, 1)
    while r.pos < len(rbsp) * 8:     # VUI and the stop bit, as they were
        w.bits(r.bit(), 1)
    while w.bits_out and w.bits_out[-1] == 0:  # re-align: the last 1 is the rbsp stop bit
        w.bits_out.pop()
    return nal[:1] + escape(w.data())


def rewrite_access_unit(es, width_mbs, height_mbs):
    """Annex B bytes with every SPS (NAL type 7) rewritten."""
    starts = [i for i in range(len(es) - 3) if es[i:i + 3] == b"\x00\x00\x01"]
    out = bytearray()
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(es)
        while end > start + 3 and es[end - 1] == 0 and index + 1 < len(starts):
            end -= 1                 # a 4-byte start code's leading zero belongs to the next NAL
        nal = es[start + 3:end]
        if nal and nal[0] & 0x1F == 7:
            nal = rewrite_sps(nal, width_mbs, height_mbs)
        out += b"\x00\x00\x00\x01" + nal
    return bytes(out)


# --- MPEG-TS --------------------------------------------------------------------------------------------------

def crc32_mpeg(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte << 24
        for _ in range(8):
            crc = (crc << 1) ^ 0x04C11DB7 if crc & 0x80000000 else crc << 1
            crc &= 0xFFFFFFFF
    return crc


def video_pes(ts):
    """(pts, dts, elementary stream bytes) of each PES packet of the first H.264 stream."""
    packets = [ts[i:i + 188] for i in range(0, len(ts) - 187, 188)]
    pmt_pid = video_pid = None
    pes, current = [], None
    for packet in packets:
        pid = (packet[1] & 0x1F) << 8 | packet[2]
        start = packet[1] & 0x40
        offset = 4 + (1 + packet[4] if packet[3] & 0x20 else 0)
        payload = packet[offset:] if packet[3] & 0x10 else b""
        if pid == 0 and start:
            pmt_pid = (payload[1 + 10] & 0x1F) << 8 | payload[1 + 11]
        elif pid == pmt_pid and start and video_pid is None:
            section = payload[1 + payload[0]:]
            length = (section[1] & 0x0F) << 8 | section[2]
            info = (section[10] & 0x0F) << 8 | section[11]
            i = 12 + info
            while i < 3 + length - 4:
                kind, es_pid = section[i], (section[i + 1] & 0x1F) << 8 | section[i + 2]
                if kind == 0x1B:
                    video_pid = es_pid
                    break
                i += 5 + ((section[i + 3] & 0x0F) << 8 | section[i + 4])
        elif pid == video_pid:
            if start:
                current = bytearray(payload)
                pes.append(current)
            elif current is not None:
                current += payload
    result = []
    for packet in pes:
        flags, header = packet[7], packet[8]
        def stamp(at):
            b = packet[at:at + 5]
            return ((b[0] >> 1) & 7) << 30 | b[1] << 22 | (b[2] >> 1) << 15 | b[3] << 7 | b[4] >> 1
        pts = stamp(9) if flags & 0x80 else None
        dts = stamp(14) if flags & 0x40 else pts
        result.append((pts, dts, bytes(packet[9 + header:])))
    return result


def ts_packets(pid, payload, counter, start):
    out = bytearray()
    first = True
    while payload:
        room = 184
        chunk = payload[:room]
        header = bytes([0x47, (0x40 if first and start else 0) | pid >> 8, pid & 0xFF])
        if len(chunk) < room:        # stuffing in an adaptation field
            fill = room - len(chunk) - 1
            adaptation = bytes([fill]) + (bytes([0x00]) + b"\xFF" * (fill - 1) if fill > 0 else b"")
            out += header + bytes([0x30 | counter[pid] & 0x0F]) + adaptation + chunk
        else:
            out += header + bytes([0x10 | counter[pid] & 0x0F]) + chunk
        counter[pid] += 1
        payload = payload[len(chunk):]
        first = False
    return out


def psi(table_id, body, extension):
    section = bytes([table_id]) + struct.pack(">H", 0xB000 | (len(body) + 9)) + struct.pack(">H", extension) + b"\xC1\x00\x00" + body
    return b"\x00" + section + struct.pack(">I", crc32_mpeg(section))


def mux_video(units):
    counter = {0: 0, 0x1000: 0, 0x100: 0}
    pat = psi(0x00, struct.pack(">HH", 1, 0xE000 | 0x1000), 1)
    pmt = psi(0x02, struct.pack(">HH", 0xE000 | 0x100, 0xF000) + bytes([0x1B]) + struct.pack(">HH", 0xE000 | 0x100, 0xF000), 1)
    out = bytearray()
    for index, (pts, dts, es) in enumerate(units):
        if index % 10 == 0:
            out += ts_packets(0, pat + b"\xFF" * (184 - len(pat)), counter, True)
            out += ts_packets(0x1000, pmt + b"\xFF" * (184 - len(pmt)), counter, True)
        def stamp(prefix, value):
            return bytes([prefix << 4 | (value >> 29 & 0x0E) | 1, value >> 22 & 0xFF, (value >> 14 & 0xFE) | 1,
                          value >> 7 & 0xFF, (value << 1 & 0xFE) | 1])
        header = stamp(3, pts) + stamp(1, dts)
        pes = b"\x00\x00\x01\xE0\x00\x00\x80\xC0" + bytes([len(header)]) + header + es
        out += ts_packets(0x100, pes, counter, True)
    return bytes(out)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    units = video_pes((SAMPLE / "ts" / "v240p" / "seg00.ts").read_bytes())
    assert units, "no H.264 stream in the sample segment"
    bomb = [(pts, dts, rewrite_access_unit(es, 1000, 1000)) for pts, dts, es in units]
    (OUT / "bomb-16000x16000.ts").write_bytes(mux_video(bomb))

    fragment = bytearray((SAMPLE / "fmp4" / "v240p" / "seg00.m4s").read_bytes())
    at = fragment.find(b"tfdt")
    assert at > 0 and fragment[at + 4] == 1, "expected a version 1 tfdt"
    fragment[at + 8:at + 16] = struct.pack(">Q", 1 << 62)
    (OUT / "tfdt-2e62.m4s").write_bytes(bytes(fragment))
    for path in sorted(OUT.iterdir()):
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
