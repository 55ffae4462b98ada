//! ttyrec recordings (the standard format played by ttyplay, ipbt, termplay): a sequence of frames,
//! each a 12-byte header (seconds, microseconds, length; little-endian u32) and the bytes written.
//!
//! The writer keeps the file whole whatever ends the engine: each frame is one `write` of header
//! and payload, unbuffered, so a killed engine leaves only whole frames (a buffer would be lost or
//! cut mid-frame); and opening a recording to continue it (`--resume`) first cuts a torn last frame
//! off, so appended frames never follow half a frame.

use anyhow::{bail, Context, Result};
use std::fs::File;
use std::io::Write;
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

const HEADER: usize = 12;

pub struct TtyrecWriter {
    file: File,
    /// Header and payload of the frame being written, so that it goes out in one write.
    buf: Vec<u8>,
}

impl TtyrecWriter {
    /// Opens `path` for appending (creating it), after cutting off a torn last frame.
    pub fn create(path: &Path) -> Result<TtyrecWriter> {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .read(true)
            .open(path)
            .with_context(|| format!("creating ttyrec {}", path.display()))?;
        let whole = whole_len(&file)?;
        if whole < file.metadata()?.len() {
            log::warn!(
                "{}: cutting a torn last frame at byte {whole}",
                path.display()
            );
            file.set_len(whole)?;
        }
        Ok(TtyrecWriter {
            file,
            buf: Vec::with_capacity(1 << 16),
        })
    }

    pub fn frame(&mut self, bytes: &[u8]) -> Result<()> {
        if bytes.is_empty() {
            return Ok(());
        }
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        self.buf.clear();
        self.buf
            .extend_from_slice(&(now.as_secs() as u32).to_le_bytes());
        self.buf
            .extend_from_slice(&now.subsec_micros().to_le_bytes());
        self.buf
            .extend_from_slice(&(bytes.len() as u32).to_le_bytes());
        self.buf.extend_from_slice(bytes);
        self.file.write_all(&self.buf)?;
        Ok(())
    }

    /// Nothing is buffered: every frame is in the file when `frame` returns.
    pub fn flush(&mut self) -> Result<()> {
        Ok(())
    }
}

/// Length of the file's whole frames: where a torn last frame (if any) starts.
fn whole_len(file: &File) -> Result<u64> {
    let size = file.metadata()?.len();
    let (mut at, mut header) = (0u64, [0u8; HEADER]);
    while at + HEADER as u64 <= size {
        file.read_exact_at(&mut header, at)?;
        let next = at + (HEADER + frame_len(&header)) as u64;
        if next > size {
            break;
        }
        at = next;
    }
    Ok(at)
}

fn frame_len(header: &[u8]) -> usize {
    u32::from_le_bytes(header[8..12].try_into().unwrap()) as usize
}

/// One recorded frame: when it was written (µs since the epoch) and what.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub micros: u64,
    pub bytes: Vec<u8>,
}

/// A recording's whole frames, and where it was cut if its last frame is torn (a killed
/// writer, a copy cut short).
#[derive(Clone, Debug, Default)]
pub struct Recording {
    pub frames: Vec<Frame>,
    /// Byte offset of the torn last frame; `None` when the file ends with a whole frame.
    pub cut_at: Option<usize>,
}

/// Reads a ttyrec file's whole frames; a torn last frame is left out and its offset noted.
pub fn read_recording(path: &Path) -> Result<Recording> {
    let data = std::fs::read(path).with_context(|| format!("opening {}", path.display()))?;
    let mut r = Recording::default();
    let mut at = 0usize;
    while at < data.len() {
        let header = &data[at..data.len().min(at + HEADER)];
        if header.len() < HEADER || at + HEADER + frame_len(header) > data.len() {
            r.cut_at = Some(at);
            break;
        }
        let word = |i: usize| u32::from_le_bytes(header[i..i + 4].try_into().unwrap()) as u64;
        r.frames.push(Frame {
            micros: word(0) * 1_000_000 + word(4),
            bytes: data[at + HEADER..at + HEADER + frame_len(header)].to_vec(),
        });
        at += HEADER + frame_len(header);
    }
    Ok(r)
}

/// Reads every frame of a ttyrec file; a torn last frame is an error that names its offset.
pub fn read_frames(path: &Path) -> Result<Vec<Frame>> {
    let r = read_recording(path)?;
    if let Some(at) = r.cut_at {
        bail!("{}: truncated frame at byte {at}", path.display());
    }
    Ok(r.frames)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("nhbot-ttyrec-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        let _ = std::fs::remove_file(&path);
        path
    }

    #[test]
    fn round_trip() {
        let path = temp("t.ttyrec");
        {
            let mut w = TtyrecWriter::create(&path).unwrap();
            w.frame(b"hello").unwrap();
            w.frame(b"").unwrap();
            w.frame(b"\x1b[2Jworld").unwrap();
        }
        let frames = read_frames(&path).unwrap();
        assert_eq!(frames.len(), 2);
        assert_eq!(frames[0].bytes, b"hello");
        assert_eq!(frames[1].bytes, b"\x1b[2Jworld");
        assert!(frames[1].micros >= frames[0].micros);
    }

    #[test]
    fn every_frame_is_in_the_file_as_soon_as_it_is_written() {
        let path = temp("unbuffered.ttyrec");
        let mut w = TtyrecWriter::create(&path).unwrap();
        w.frame(b"hello").unwrap();
        // No flush, no drop: a process killed now leaves this frame whole.
        assert_eq!(read_frames(&path).unwrap().len(), 1);
        drop(w);
    }

    #[test]
    fn a_torn_recording_replays_its_whole_frames_and_says_where_it_was_cut() {
        let path = temp("torn.ttyrec");
        {
            let mut w = TtyrecWriter::create(&path).unwrap();
            w.frame(b"one").unwrap();
            w.frame(b"two").unwrap();
        }
        let data = std::fs::read(&path).unwrap();
        for cut in [data.len() - 1, data.len() - 3, 15 + 4] {
            std::fs::write(&path, &data[..cut]).unwrap();
            let r = read_recording(&path).unwrap();
            assert_eq!(r.frames.len(), 1, "cut at {cut}");
            assert_eq!(r.frames[0].bytes, b"one");
            assert_eq!(r.cut_at, Some(15));
            // The strict reader reports it.
            assert!(read_frames(&path)
                .unwrap_err()
                .to_string()
                .contains("truncated frame at byte 15"));
        }
    }

    #[test]
    fn continuing_a_torn_recording_cuts_the_torn_frame_first() {
        let path = temp("resumed.ttyrec");
        {
            let mut w = TtyrecWriter::create(&path).unwrap();
            w.frame(b"one").unwrap();
        }
        // A killed writer: half a header whose length would swallow whatever follows.
        let mut data = std::fs::read(&path).unwrap();
        data.extend_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 0xff, 0xff]);
        std::fs::write(&path, &data).unwrap();
        {
            let mut w = TtyrecWriter::create(&path).unwrap();
            w.frame(b"two").unwrap();
        }
        let frames = read_frames(&path).unwrap();
        let bytes: Vec<&[u8]> = frames.iter().map(|f| f.bytes.as_slice()).collect();
        assert_eq!(bytes, [b"one".as_slice(), b"two".as_slice()]);
    }
}
