# The names packaging and its tests share (included by the top-level CMakeLists.txt, so that
# tests/installer sees them too): the application id of the desktop entry, metainfo, MIME
# package and icons, the one SVG every icon is rendered from, and the icon sizes installed.
set(CLW_APP_ID io.clworkbench.CLWorkbench)
set(CLW_ICON_SVG ${PROJECT_SOURCE_DIR}/resources/icons/${CLW_APP_ID}.svg)
# The sizes desktops look up in the hicolor theme (the icon theme specification's usual set).
set(CLW_ICON_SIZES 16 22 24 32 48 64 128 256 512)
