//! The one integration-test binary of this crate: every former test file is a module
//! here, and the shared helpers are compiled once. A new test file becomes a module of
//! this binary (`mod name;` below), never a new file at the top of `tests/`: each top-level
//! file is a binary of its own that re-links the whole crate (docs/architecture.md).

mod analysis_browser;
mod api_seats;
mod ck;
mod placed;

mod art_browser;
mod assets;
mod browser_cleanup;
mod catan_boards;
mod catan_browser;
mod catan_discard;
mod catan_junior_browser;
mod chat_browser;
mod ck_browser;
mod ck_capture;
mod ck_panels;
mod clock_browser;
mod describe_browser;
mod double_click;
mod five_six_browser;
mod graph_browser;
mod hand_in_view;
mod instances_browser;
mod inventor_log;
mod last_move_browser;
mod lobby_browser;
mod lobby_list;
mod lobby_options;
mod lobby_phone;
mod mcp_browser;
mod motion_browser;
mod my_games_browser;
mod negotiation_browser;
mod phone_layout;
mod phone_panels;
mod polish_browser;
mod ratings_browser;
mod reconnect_browser;
mod sbp_auto_pass;
mod sound_browser;
mod splendor_browser;
mod table_browser;
mod zoom_bar;
