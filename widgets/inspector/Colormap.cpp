#include "inspector/Colormap.h"

#include <QObject>

#include <algorithm>
#include <cmath>
#include <vector>

namespace clw::ui {

namespace {

struct Stop {
    double t;
    int r, g, b;
};

// Control points sampled from matplotlib's maps (viridis, inferno; coolwarm after Moreland).
const std::vector<Stop>& stopsOf(Colormap::Name name) {
    static const std::vector<Stop> viridis = {
        {0.0, 68, 1, 84},      {0.125, 71, 44, 122},  {0.25, 59, 81, 139},
        {0.375, 44, 113, 142}, {0.5, 33, 144, 141},   {0.625, 39, 173, 129},
        {0.75, 92, 200, 99},   {0.875, 170, 220, 50}, {1.0, 253, 231, 37}};
    static const std::vector<Stop> inferno = {
        {0.0, 0, 0, 4},        {0.125, 31, 12, 72},   {0.25, 85, 15, 109},
        {0.375, 136, 34, 106}, {0.5, 186, 54, 85},    {0.625, 227, 89, 51},
        {0.75, 249, 140, 10},  {0.875, 249, 201, 50}, {1.0, 252, 255, 164}};
    static const std::vector<Stop> gray = {{0.0, 0, 0, 0}, {1.0, 255, 255, 255}};
    static const std::vector<Stop> coolwarm = {{0.0, 59, 76, 192},
                                               {0.25, 124, 159, 249},
                                               {0.5, 221, 221, 221},
                                               {0.75, 244, 154, 123},
                                               {1.0, 180, 4, 38}};
    switch (name) {
    case Colormap::Inferno:
        return inferno;
    case Colormap::Gray:
        return gray;
    case Colormap::Coolwarm:
        return coolwarm;
    default:
        return viridis;
    }
}

QRgb interpolate(const std::vector<Stop>& stops, double t) {
    t = std::clamp(t, 0.0, 1.0);
    size_t i = 1;
    while (i + 1 < stops.size() && stops[i].t < t)
        ++i;
    const Stop& a = stops[i - 1];
    const Stop& b = stops[i];
    const double f = b.t > a.t ? (t - a.t) / (b.t - a.t) : 0;
    const auto mix = [f](int x, int y) { return int(std::lround(x + (y - x) * f)); };
    return qRgb(mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b));
}

} // namespace

QStringList Colormap::names() {
    return {QObject::tr("viridis"), QObject::tr("inferno"), QObject::tr("gray"),
            QObject::tr("coolwarm")};
}

QRgb Colormap::color(Name name, double t) {
    if (std::isnan(t))
        return noValueColor();
    return interpolate(stopsOf(name), t);
}

Colormap::Colormap(Name name) {
    for (size_t i = 0; i < m_table.size(); ++i)
        m_table[i] = interpolate(stopsOf(name), double(i) / 255.0);
}

} // namespace clw::ui
