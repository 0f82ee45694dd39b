//! Prints the id tables of the board (hexes, nodes, edges, harbor spots) in
//! Markdown, as used in `docs/games/catan.md`.
//!
//! `cargo run -p spielleiter-catan --example numbering`

use catan::Shape;

fn main() {
    let t = Shape::Base.topology();
    println!("| hex | axial (q, r) | corners (clockwise from the top) |");
    println!("|---|---|---|");
    for (h, &(q, r)) in t.hex_coords.iter().enumerate() {
        let c: Vec<String> = t.hex_nodes[h].iter().map(|n| n.0.to_string()).collect();
        println!("| {h} | ({q}, {r}) | {} |", c.join(", "));
    }
    println!();
    println!("| node | grid (x, y) | neighbours | edges | hexes |");
    println!("|---|---|---|---|---|");
    for n in 0..54 {
        let (x, y) = t.node_pos[n];
        let nb: Vec<String> = t.node_neighbors[n].iter().map(|m| m.0.to_string()).collect();
        let ed: Vec<String> = t.node_edges[n].iter().map(|e| e.0.to_string()).collect();
        let hx: Vec<String> = (0..19)
            .filter(|h| t.node_hexes[n] & (1 << h) != 0)
            .map(|h| h.to_string())
            .collect();
        println!(
            "| {n} | ({x}, {y}) | {} | {} | {} |",
            nb.join(", "),
            ed.join(", "),
            hx.join(", ")
        );
    }
    println!();
    println!("| edge | nodes |");
    println!("|---|---|");
    for (e, [a, b]) in t.edge_nodes.iter().take(t.edge_count()).enumerate() {
        println!("| {e} | {}–{} |", a.0, b.0);
    }
    println!();
    println!("| harbor spot | edge | nodes |");
    println!("|---|---|---|");
    for i in 0..9 {
        let [a, b] = t.harbor_nodes(i);
        println!("| {i} | {} | {}, {} |", t.harbor_edges[i].0, a.0, b.0);
    }
}
