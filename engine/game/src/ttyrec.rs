//! ttyrec recordings (the standard format played by ttyplay, ipbt, termplay): a sequence of frames,
//! each a 12-byte header (seconds, microseconds, length; little-endian u32) and the bytes written.

use anyhow::{bail, Context, Result};
use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

pub struct TtyrecWriter {
    out: BufWriter<File>,
}

impl TtyrecWriter {
    pub fn create(path: &Path) -> Result<TtyrecWriter> {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("creating ttyrec {}", path.display()))?;
        Ok(TtyrecWriter {
            out: BufWriter::with_capacity(1 << 16, file),
        })
    }

    pub fn frame(&mut self, bytes: &[u8]) -> Result<()> {
        if bytes.is_empty() {
            return Ok(());
        }
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        self.out.write_all(&(now.as_secs() as u32).to_le_bytes())?;
        self.out.write_all(&now.subsec_micros().to_le_bytes())?;
        self.out.write_all(&(bytes.len() as u32).to_le_bytes())?;
        self.out.write_all(bytes)?;
        Ok(())
    }

    pub fn flush(&mut self) -> Result<()> {
        Ok(self.out.flush()?)
    }
}

impl Drop for TtyrecWriter {
    fn drop(&mut self) {
        let _ = self.out.flush();
    }
}

/// One recorded frame: when it was written (µs since the epoch) and what.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub micros: u64,
    pub bytes: Vec<u8>,
}

/// Reads every frame of a ttyrec file; a truncated last frame (a killed writer) is an error that
/// names the offset.
pub fn read_frames(path: &Path) -> Result<Vec<Frame>> {
    let mut data = Vec::new();
    File::open(path)
        .with_context(|| format!("opening {}", path.display()))?
        .read_to_end(&mut data)?;
    let mut frames = Vec::new();
    let mut at = 0usize;
    while at < data.len() {
        if at + 12 > data.len() {
            bail!("{}: truncated frame header at byte {at}", path.display());
        }
        let word = |i: usize| u32::from_le_bytes(data[at + i..at + i + 4].try_into().unwrap());
        let (sec, usec, len) = (word(0), word(4), word(8) as usize);
        if at + 12 + len > data.len() {
            bail!(
                "{}: truncated frame of {len} bytes at byte {at}",
                path.display()
            );
        }
        frames.push(Frame {
            micros: sec as u64 * 1_000_000 + usec as u64,
            bytes: data[at + 12..at + 12 + len].to_vec(),
        });
        at += 12 + len;
    }
    Ok(frames)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let dir = std::env::temp_dir().join(format!("nhbot-ttyrec-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.ttyrec");
        let _ = std::fs::remove_file(&path);
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
        // a truncated file is reported, not silently accepted
        let data = std::fs::read(&path).unwrap();
        std::fs::write(&path, &data[..data.len() - 3]).unwrap();
        assert!(read_frames(&path)
            .unwrap_err()
            .to_string()
            .contains("truncated"));
    }
}
