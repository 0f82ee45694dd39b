//! Animated captures for the docs: screenshots taken one after another
//! during a browser test, joined into one animated PNG (APNG).
//!
//! APNG rather than GIF: every browser and GitHub play it, and it keeps the
//! screenshots' full colour (a GIF's 256 colours band the board's art). The
//! frames are halved in size (each output pixel the mean of four) so that a
//! turn of a dozen frames stays small enough to sit in the repository.

use std::io::Cursor;

/// One decoded frame: RGBA pixels, row by row.
#[derive(Debug, Clone)]
pub struct Frame {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width * height * 4` bytes.
    pub rgba: Vec<u8>,
}

/// Decodes a PNG screenshot (RGB or RGBA, 8 bits) into RGBA.
pub fn decode(png_bytes: &[u8]) -> Result<Frame, String> {
    let mut decoder = png::Decoder::new(Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).map_err(|e| e.to_string())?;
    let (width, height) = (info.width, info.height);
    let pixels = (width as usize) * (height as usize);
    let rgba = match info.color_type {
        png::ColorType::Rgba => buf[..pixels * 4].to_vec(),
        png::ColorType::Rgb => buf[..pixels * 3]
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        png::ColorType::GrayscaleAlpha => buf[..pixels * 2]
            .chunks_exact(2)
            .flat_map(|p| [p[0], p[0], p[0], p[1]])
            .collect(),
        png::ColorType::Grayscale => buf[..pixels].iter().flat_map(|&g| [g, g, g, 255]).collect(),
        other => return Err(format!("unexpected colour type {other:?}")),
    };
    Ok(Frame { width, height, rgba })
}

/// The part of the frame from `(x, y)`, at most `width` by `height` pixels
/// (less where the frame ends).
pub fn crop(f: &Frame, x: u32, y: u32, width: u32, height: u32) -> Frame {
    let (x, y) = (x.min(f.width), y.min(f.height));
    let (w, h) = (width.min(f.width - x), height.min(f.height - y));
    let stride = f.width as usize * 4;
    let mut rgba = Vec::with_capacity(w as usize * h as usize * 4);
    for row in y as usize..(y + h) as usize {
        let start = row * stride + x as usize * 4;
        rgba.extend_from_slice(&f.rgba[start..start + w as usize * 4]);
    }
    Frame {
        width: w,
        height: h,
        rgba,
    }
}

/// The frame at half its width and height, each pixel the mean of four.
pub fn halve(f: &Frame) -> Frame {
    let (w, h) = (f.width / 2, f.height / 2);
    let stride = f.width as usize * 4;
    let mut rgba = Vec::with_capacity(w as usize * h as usize * 4);
    for y in 0..h as usize {
        for x in 0..w as usize {
            let at = |dy: usize, dx: usize, c: usize| u16::from(f.rgba[(2 * y + dy) * stride + (2 * x + dx) * 4 + c]);
            for c in 0..4 {
                rgba.push(((at(0, 0, c) + at(0, 1, c) + at(1, 0, c) + at(1, 1, c) + 2) / 4) as u8);
            }
        }
    }
    Frame {
        width: w,
        height: h,
        rgba,
    }
}

/// The frames as one animated PNG that plays forever, each shown for
/// `delay_ms`; a frame equal to the one before is dropped and the one
/// before shown longer (a turn waits on the server between its moves, and
/// identical frames would only weigh). Every frame must have the first
/// one's size.
pub fn apng(frames: &[Frame], delay_ms: u16) -> Result<Vec<u8>, String> {
    let first = frames.first().ok_or("no frames")?;
    if let Some(odd) = frames
        .iter()
        .find(|f| (f.width, f.height) != (first.width, first.height))
    {
        return Err(format!(
            "frame of {}x{} among frames of {}x{}",
            odd.width, odd.height, first.width, first.height
        ));
    }
    let mut shown: Vec<(&Frame, u16)> = Vec::new();
    for f in frames {
        match shown.last_mut() {
            Some((last, delay)) if last.rgba == f.rgba => *delay = delay.saturating_add(delay_ms),
            _ => shown.push((f, delay_ms)),
        }
    }
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, first.width, first.height);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::Best);
        let count = u32::try_from(shown.len()).map_err(|e| e.to_string())?;
        enc.set_animated(count, 0).map_err(|e| e.to_string())?;
        let mut writer = enc.write_header().map_err(|e| e.to_string())?;
        for (f, delay) in shown {
            writer.set_frame_delay(delay, 1000).map_err(|e| e.to_string())?;
            writer.write_image_data(&f.rgba).map_err(|e| e.to_string())?;
        }
        writer.finish().map_err(|e| e.to_string())?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solid(w: u32, h: u32, rgba: [u8; 4]) -> Frame {
        Frame {
            width: w,
            height: h,
            rgba: rgba.repeat((w * h) as usize),
        }
    }

    #[test]
    fn frames_join_into_an_animated_png_that_decodes_back() {
        let red = solid(4, 2, [255, 0, 0, 255]);
        let frames = [red.clone(), red, solid(4, 2, [0, 0, 255, 255])];
        let bytes = apng(&frames, 500).unwrap();
        let decoder = png::Decoder::new(Cursor::new(&bytes));
        let reader = decoder.read_info().unwrap();
        let control = reader.info().animation_control.expect("an animated PNG");
        assert_eq!(
            (control.num_frames, control.num_plays),
            (2, 0),
            "the repeated red frame shown longer"
        );
        let shown = reader.info().frame_control.expect("the first frame's control");
        assert_eq!((shown.delay_num, shown.delay_den), (1000, 1000), "two frames' time");
        let first = decode(&bytes).unwrap();
        assert_eq!(&first.rgba[..4], &[255, 0, 0, 255]);
        assert!(apng(&[solid(4, 2, [0; 4]), solid(2, 2, [0; 4])], 100).is_err());
        assert!(apng(&[], 100).is_err());
    }

    #[test]
    fn cropping_keeps_the_part_inside_the_frame() {
        let mut f = solid(3, 2, [0, 0, 0, 255]);
        f.rgba[(3 + 2) * 4] = 9; // the pixel at (2, 1)
        let part = crop(&f, 1, 1, 5, 5);
        assert_eq!((part.width, part.height), (2, 1), "cut at the frame's edge");
        assert_eq!(part.rgba, vec![0, 0, 0, 255, 9, 0, 0, 255]);
        assert_eq!(crop(&f, 7, 7, 2, 2).rgba, Vec::<u8>::new());
    }

    #[test]
    fn halving_averages_four_pixels() {
        let mut f = solid(2, 2, [0, 0, 0, 255]);
        f.rgba[0] = 200; // one red pixel of four
        let half = halve(&f);
        assert_eq!((half.width, half.height), (1, 1));
        assert_eq!(half.rgba, vec![50, 0, 0, 255]);
    }
}
