//! The Python functions of the pictures: `render_game(game, viewer, mode,
//! width)` for a `NativeGame`, `render_env(env, index, seat, mode, width)`
//! for one game of a `NativeVectorEnv`. `mode` is `"ansi"` (returns `str`),
//! `"svg"` (returns `str`) or `"rgb_array"` (returns `(bytes, height,
//! width)`, RGB rows, which Python views as an `(H, W, 3)` uint8 array).
//! The drawing runs without the GIL.

use super::{rgb, svg, text};
use crate::{poisoned, refused, seat, viewer, NativeGame, NativeVectorEnv};
use engine::{Description, ErrorInfo, Viewer};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use pyo3::IntoPyObjectExt;
use serde_json::Value;

/// Default width of an `rgb_array` picture in pixels.
pub const DEFAULT_WIDTH: u32 = 640;

fn no_seat(i: i64) -> PyErr {
    refused(ErrorInfo::new(
        "no_such_seat",
        "engine.no_such_seat",
        format!("Platz {i} gibt es an diesem Tisch nicht (Plätze zählen ab 0)."),
        format!("Seat {i} does not exist at this table (seats count from 0)."),
    ))
}

/// What a picture is drawn from: the game's id, its description (names
/// and colours), the board's geometry and one seat's view.
pub(crate) type Picture = (&'static str, Description, Value, Value);

fn draw(py: Python<'_>, (game, d, topology, view): Picture, mode: &str, width: u32) -> PyResult<PyObject> {
    match mode {
        "ansi" => text(game, &d, &view).into_py_any(py),
        "svg" => svg(game, &d, &topology, &view).map_err(refused)?.into_py_any(py),
        "rgb_array" => {
            let (bytes, height) = py
                .allow_threads(|| rgb(&svg(game, &d, &topology, &view)?, width))
                .map_err(refused)?;
            (PyBytes::new(py, &bytes), height, width).into_py_any(py)
        }
        other => Err(refused(ErrorInfo::new(
            "malformed",
            "engine.render_mode",
            format!("render_mode „{other}“ gibt es nicht (ansi, rgb_array, svg)."),
            format!("render_mode '{other}' does not exist (ansi, rgb_array, svg)."),
        ))),
    }
}

/// A picture of `game` as `viewer` sees it (`None`: a spectator).
#[pyfunction]
#[pyo3(signature = (game, viewer_, mode, width=DEFAULT_WIDTH))]
fn render_game(
    py: Python<'_>,
    game: PyRef<'_, NativeGame>,
    viewer_: Option<i64>,
    mode: &str,
    width: u32,
) -> PyResult<PyObject> {
    let v = viewer(viewer_)?;
    let m = game.inner.dynm();
    if let Viewer::Seat(s) = v {
        if s.index() >= m.players() {
            return Err(no_seat(viewer_.unwrap_or(0)));
        }
    }
    let picture = (m.game(), m.description(), m.topology(), m.view(v));
    drop(game);
    draw(py, picture, mode, width)
}

/// A picture of game `index` of a vector env as `seat_` sees it.
#[pyfunction]
#[pyo3(signature = (env, index, seat_, mode, width=DEFAULT_WIDTH))]
fn render_env(
    py: Python<'_>,
    env: PyRef<'_, NativeVectorEnv>,
    index: usize,
    seat_: i64,
    mode: &str,
    width: u32,
) -> PyResult<PyObject> {
    let s = seat(seat_)?;
    let picture = env.inner.lock().map_err(|_| poisoned())?.picture(index, s);
    let Some(picture) = picture else {
        return Err(refused(ErrorInfo::new(
            "malformed",
            "engine.no_such_env",
            format!("Spiel {index} oder Platz {seat_} gibt es in dieser Umgebung nicht."),
            format!("game {index} or seat {seat_} does not exist in this environment."),
        )));
    };
    drop(env);
    draw(py, picture, mode, width)
}

/// Adds the functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(render_game, m)?)?;
    m.add_function(wrap_pyfunction!(render_env, m)?)?;
    m.add("RENDER_WIDTH", DEFAULT_WIDTH)?;
    Ok(())
}
