//! Sensor readings: `#[repr(C)]` structs, slices of them, `Result` with a
//! custom error type.

use abi_core::c::status::{CError, ErrorCode};
use abi_core::c_export;

/// One temperature reading.
#[c_export]
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reading {
    /// Which sensor produced it.
    pub sensor_id: u32,
    /// Temperature in degrees Celsius.
    pub celsius: f64,
}

/// Why a sensor function failed; C sees the codes 1 to 3.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SensorError {
    /// No readings were given.
    NoReadings,
    /// A reading line was not `<id>:<celsius>`.
    Malformed,
    /// A temperature below absolute zero.
    BelowAbsoluteZero,
}

impl CError for SensorError {
    fn error_code(&self) -> ErrorCode {
        match self {
            SensorError::NoReadings => ErrorCode::of(1),
            SensorError::Malformed => ErrorCode::of(2),
            SensorError::BelowAbsoluteZero => ErrorCode::of(3),
        }
    }
}

/// Converts degrees Celsius to degrees Fahrenheit.
#[c_export(named_args)]
pub fn ex_fahrenheit(celsius: f64) -> f64 {
    celsius * 9.0 / 5.0 + 32.0
}

/// Mean temperature of the readings; error 1 when there are none.
#[c_export]
pub fn ex_mean_celsius(readings: &[Reading]) -> Result<f64, SensorError> {
    if readings.is_empty() {
        return Err(SensorError::NoReadings);
    }
    Ok(readings.iter().map(|r| r.celsius).sum::<f64>() / readings.len() as f64)
}

/// The warmest reading, or NULL when there are none.
#[c_export]
pub fn ex_warmest(readings: &[Reading]) -> Option<&Reading> {
    readings
        .iter()
        .max_by(|a, b| a.celsius.total_cmp(&b.celsius))
}

/// Parses `"<id>:<celsius>"`, for example `"7:21.5"`; error 2 when
/// malformed, 3 below absolute zero.
#[c_export]
pub fn ex_parse_reading(line: &str) -> Result<Reading, SensorError> {
    let (id, celsius) = line.trim().split_once(':').ok_or(SensorError::Malformed)?;
    let sensor_id = id.trim().parse().map_err(|_| SensorError::Malformed)?;
    let celsius: f64 = celsius.trim().parse().map_err(|_| SensorError::Malformed)?;
    if celsius < -273.15 {
        return Err(SensorError::BelowAbsoluteZero);
    }
    Ok(Reading { sensor_id, celsius })
}

/// Clamps every value into `[low, high]` in place; returns how many changed.
#[c_export]
pub fn ex_clamp(values: &mut [i32], low: i32, high: i32) -> usize {
    let mut changed = 0;
    for v in values.iter_mut() {
        let clamped = (*v).clamp(low, high.max(low));
        if clamped != *v {
            *v = clamped;
            changed += 1;
        }
    }
    changed
}
