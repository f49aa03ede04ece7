public enum RxLiteTestPlaceholder {}
