#pragma once
// Colormaps for the 2D view: perceptually uniform sequential maps (viridis, inferno), gray, and a
// diverging map (coolwarm) for data around zero, as 256-entry tables interpolated from a few
// control points of the published maps.
#include <QRgb>
#include <QStringList>

#include <array>

namespace clw::ui {

class Colormap {
public:
    enum Name { Viridis, Inferno, Gray, Coolwarm, Count };

    static QStringList names();
    // The colour of t in [0, 1] (clamped); NaN gives the "no value" colour (magenta-ish grey).
    static QRgb color(Name name, double t);
    static QRgb noValueColor() { return qRgb(255, 0, 255); }
    const std::array<QRgb, 256>& table() const { return m_table; }
    explicit Colormap(Name name);

private:
    std::array<QRgb, 256> m_table{};
};

} // namespace clw::ui
